// The REST client: every request the page makes goes through here, to
// Gaffer's REST API under /rest/latest on the server that served the page.
// Credentials (HTTP Basic) live in sessionStorage for the tab's lifetime.
// credentials: 'omit' stops the browser's own Basic-auth prompt on a 401:
// the page shows its sign-in form instead.

const ROOT = '/rest/latest';
const CREDENTIALS_KEY = 'quarry.explorer.credentials';

export class ApiError extends Error {
  // `body` is Gaffer's error object when the server sent one.
  constructor(status, body, text) {
    const message = body && body.simpleMessage ? body.simpleMessage : text || `HTTP ${status}`;
    super(message);
    this.status = status;
    this.body = body;
  }
}

export function signedInUser() {
  const saved = sessionStorage.getItem(CREDENTIALS_KEY);
  return saved ? JSON.parse(saved).userId : null;
}

export function signIn(userId, token) {
  sessionStorage.setItem(CREDENTIALS_KEY, JSON.stringify({ userId, token }));
}

export function signOut() {
  sessionStorage.removeItem(CREDENTIALS_KEY);
}

function headers(extra = {}) {
  const out = { Accept: 'application/json', ...extra };
  const saved = sessionStorage.getItem(CREDENTIALS_KEY);
  if (saved) {
    const { userId, token } = JSON.parse(saved);
    const bytes = new TextEncoder().encode(`${userId}:${token}`);
    out.Authorization = 'Basic ' + btoa(String.fromCharCode(...bytes));
  }
  return out;
}

async function failure(response) {
  const text = await response.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch (ignored) {
    // Not JSON: the text is the message.
  }
  return new ApiError(response.status, body, text);
}

async function request(method, path, body, signal) {
  const init = { method, headers: headers(), credentials: 'omit', signal };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(ROOT + path, init);
  if (!response.ok) throw await failure(response);
  return response;
}

export async function getJson(path) {
  const response = await request('GET', path);
  const text = await response.text();
  const type = response.headers.get('Content-Type') || '';
  return type.includes('json') ? JSON.parse(text) : text;
}

// Runs an operation (object or JSON text) and returns its whole result.
export async function execute(operation, signal) {
  const response = await request('POST', '/graph/operations/execute', operation, signal);
  const text = await response.text();
  return text === '' ? null : JSON.parse(text);
}

// Runs an operation through /graph/operations/execute/chunked: `onItems` gets
// the parsed items a batch at a time as they arrive (items are separated by
// "\r\n"), so that a large result is shown while it streams.
export async function executeChunked(operation, onItems, signal) {
  const response = await request('POST', '/graph/operations/execute/chunked', operation, signal);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) pending += decoder.decode(value, { stream: true });
    const lines = pending.split('\r\n');
    pending = done ? '' : lines.pop();
    const items = lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
    if (items.length) onItems(items);
    if (done) return;
  }
}
