# Unity builds (QUARRY_UNITY_BUILD, top-level CMakeLists.txt) put several
# sources of one target into one translation unit. A source that defines a
# file-local name (anonymous namespace, static function) which another source
# of its target also defines, or a `using` that makes a name ambiguous, cannot
# share a batch: it is listed here and compiled on its own. Paths are relative
# to the project root. Renaming the clash away and dropping the line is
# better where the file is not being worked on elsewhere.
set(QUARRY_UNITY_SKIP_SOURCES
  graph-core/value_text.cc  # SimpleName
  graph-core/functions/value_functions.cc  # Plain
  keypackages/internal/classic_layout.cc  # FlagOf, Malformed
  # store-rocks: local View(rocksdb::Slice) and S(std::string_view) helpers.
  store-rocks/compaction_filter.cc
  store-rocks/rocks_kv_iterator.cc
  store-rocks/merge_operator.cc
  store-rocks/prefix_extractor.cc
  store-rocks/internal/rocks_graph_write.cc
  store-rocks/internal/key_format_migration.cc
  store-rocks/internal/rocks_graph_bulk.cc
  store-rocks/internal/rocks_graph_delete.cc
  # store-rados: local PutU32, kPage and Bytes helpers.
  store-rados/internal/rados_graph_delete.cc
  store-rados/internal/rados_graph_metadata.cc
  store-rados/internal/rados_graph_open.cc
  operations/named_views.cc  # BuildDetail
  operations/internal/operation_catalogue_rows_named.cc  # String
  operations/internal/map_join_parser.cc  # ReadFields
  server/service/exposure.cc  # Value
  bench/rocksdb/raw_scenarios.cc  # S
  tests/graph-core/view_test.cc  # View
)

# Marks every source in QUARRY_UNITY_SKIP_SOURCES SKIP_UNITY_BUILD_INCLUSION in
# every directory of the project (source file properties are per directory,
# and unity batches are formed at generate time, so calling this at the end of
# the top-level CMakeLists.txt covers every target).
function(quarry_apply_unity_skips)
  set(dirs ${PROJECT_SOURCE_DIR})
  set(pending ${PROJECT_SOURCE_DIR})
  while(pending)
    list(POP_FRONT pending dir)
    get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
    list(APPEND dirs ${subdirs})
    list(APPEND pending ${subdirs})
  endwhile()
  foreach(src IN LISTS QUARRY_UNITY_SKIP_SOURCES)
    set_source_files_properties(${PROJECT_SOURCE_DIR}/${src} DIRECTORY ${dirs}
                                PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endforeach()
endfunction()
