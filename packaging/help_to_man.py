#!/usr/bin/env python3
"""Writes quarry(1) from the binary's own --help texts, so the man page
never drifts from the flags (no help2man needed: Debian's python3 only).

Usage: help_to_man.py QUARRY_BINARY VERSION OUTPUT
"""
import re
import subprocess
import sys


def help_text(binary, *args):
    return subprocess.run([binary, *args, "--help"], check=True, capture_output=True,
                          text=True).stdout


def roff_escape(line):
    line = line.replace("\\", "\\e")
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def literal_block(text):
    lines = [roff_escape(line) for line in text.rstrip("\n").split("\n")]
    return ".nf\n" + "\n".join(lines) + "\n.fi\n"


def commands(main_help):
    # The "commands:" section lists "  NAME ARGS   description".
    section = main_help.split("commands:", 1)[1]
    return [m.group(1) for m in re.finditer(r"^  ([a-z]+) ", section, re.M)]


def main():
    binary, version, output = sys.argv[1:4]
    main_help = help_text(binary)
    page = [
        '.TH QUARRY 1 "" "quarry %s" "User Commands"' % version,
        ".SH NAME",
        "quarry \\- a Gaffer-style property graph store on RocksDB",
        ".SH SYNOPSIS",
        ".B quarry",
        "\\fICOMMAND\\fR [\\fIARGS\\fR...]",
        ".SH DESCRIPTION",
        literal_block(main_help),
        ".SH COMMANDS",
    ]
    for command in commands(main_help):
        page.append(".SS %s" % command)
        page.append(literal_block(help_text(binary, command)))
    page += [
        ".SH FILES",
        ".TP",
        ".I /etc/quarry/GRAPH.conf",
        "settings of the systemd unit quarry@GRAPH.service (quarry serve --config)",
        ".TP",
        ".I /var/lib/quarry/GRAPH",
        "the graph served by quarry@GRAPH.service",
        ".SH SIGNALS",
        "quarry serve stops gracefully on SIGINT or SIGTERM; SIGHUP rereads the users",
        "file and reopens the request log.",
        ".SH SEE ALSO",
        "The README's \"Operating Quarry\" section; /usr/share/doc/quarry/examples.",
    ]
    with open(output, "w", encoding="utf-8") as out:
        out.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
