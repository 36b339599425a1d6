# The tests that need a Ceph cluster (issue 14), all labelled `rados`:
#   ctest --test-dir build -L rados
# rados_cluster_up / rados_cluster_down are the CTest fixture rados_cluster:
# one cluster in build/rados-cluster serves every test that requires it
# (a cluster left behind by an interrupted run is taken down first).
set(QUARRY_RADOS_CLUSTER_DIR ${CMAKE_BINARY_DIR}/rados-cluster)
set(QUARRY_CEPH_CLUSTER ${PROJECT_SOURCE_DIR}/scripts/ceph-cluster.sh)
add_test(NAME rados_cluster_up
         COMMAND /bin/sh -c "'${QUARRY_CEPH_CLUSTER}' down '${QUARRY_RADOS_CLUSTER_DIR}' >/dev/null; \
exec '${QUARRY_CEPH_CLUSTER}' up '${QUARRY_RADOS_CLUSTER_DIR}' --class-dir '${QUARRY_RADOS_CLASS_DIR}'")
set_tests_properties(rados_cluster_up PROPERTIES FIXTURES_SETUP rados_cluster LABELS rados
                     TIMEOUT 240)
add_test(NAME rados_cluster_down
         COMMAND ${QUARRY_CEPH_CLUSTER} down ${QUARRY_RADOS_CLUSTER_DIR})
set_tests_properties(rados_cluster_down PROPERTIES FIXTURES_CLEANUP rados_cluster LABELS rados
                     TIMEOUT 120)

# quarry_rados_test(NAME SOURCES... LIBS ...): a GoogleTest binary run
# against the fixture's cluster (QUARRY_RADOS_CONF), after the class is built.
function(quarry_rados_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  # The stores' test main: the differential test creates RocksDB graphs
  # through the store factory.
  target_link_libraries(${name} PRIVATE quarry_testutil ${ARG_LIBS} GTest::gtest GTest::gmock
                        quarry_stores_test_main)
  add_dependencies(${name} cls_quarry)
  add_test(NAME ${name} COMMAND ${name} --gtest_brief=1 WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(${name} PROPERTIES FIXTURES_REQUIRED rados_cluster LABELS rados
                       TIMEOUT 300
                       ENVIRONMENT "QUARRY_RADOS_CONF=${QUARRY_RADOS_CLUSTER_DIR}/ceph.conf")
endfunction()

find_library(QUARRY_LIBRADOS rados REQUIRED)
quarry_rados_test(cls_rados_tests SOURCES cls/cls_quarry_test.cc
                  LIBS quarry_cls_format ${QUARRY_LIBRADOS})
add_test(NAME cls_symbols_check
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cls/cls_symbols_check.sh $<TARGET_FILE:cls_quarry>)
set_tests_properties(cls_symbols_check PROPERTIES LABELS rados)

# store-rados/: unit tests (no cluster) and the store against the cluster.
if(QUARRY_HAVE_RADOS_STORE)
  add_executable(store_rados_tests store-rados/tablet_map_test.cc
                                   store-rados/rados_properties_test.cc
                                   store-rados/internal/parallel_tablet_streams_test.cc
                                   store-rados/internal/graph_metadata_test.cc)
  target_link_libraries(store_rados_tests PRIVATE quarry_testutil quarry_store_rados GTest::gtest
                        GTest::gmock GTest::gtest_main)
  add_test(NAME store_rados_tests COMMAND store_rados_tests --gtest_brief=1
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  # The store-rocks test helpers give both stores one schema and one
  # random element generator.
  add_library(quarry_rados_testutil STATIC store-rados/rados_test_env.cc
                                           store-rocks/graph_test_util.cc)
  target_link_libraries(quarry_rados_testutil PUBLIC quarry_testutil quarry_store_rados
                        quarry_store_rocks GTest::gtest)
  quarry_rados_test(store_rados_cluster_tests
                    SOURCES store-rados/rados_graph_test.cc store-rados/rados_kv_iterator_test.cc
                            store-rados/internal/guarded_remove_test.cc
                            store-rados/internal/schema_change_test.cc
                            store-rados/rados_graph_check_test.cc
                            store-rados/rados_store_test.cc
                    LIBS quarry_rados_testutil)
  # Issue 14's acceptance: identical answers from the RocksDB and RADOS stores.
  quarry_rados_test(rados_differential_tests
                    SOURCES rados-differential/rados_differential_test.cc
                    LIBS quarry_rados_testutil)
endif()

# Issue 14's fault acceptance, through `quarry serve` (rados-fault/rados_fault_test.py):
# SIGKILL the server mid-ingest 20 times, two servers on one graph, and the
# age-off sweeps of quarry compact and quarry serve, on
# the fixture's cluster; OSD kills on a cluster of the test's own (started
# and always torn down by the script), run alone so its timings hold.
if(QUARRY_HAVE_RADOS_STORE)
  set(QUARRY_RADOS_FAULT_TEST ${CMAKE_CURRENT_SOURCE_DIR}/rados-fault/rados_fault_test.py)
  foreach(fault server-kills two-servers sweeps)
    string(REPLACE "-" "_" name "rados_fault_${fault}")
    add_test(NAME ${name}
             COMMAND /usr/bin/python3 ${QUARRY_RADOS_FAULT_TEST} --quarry $<TARGET_FILE:quarry>
                     --test ${fault})
    set_tests_properties(${name} PROPERTIES FIXTURES_REQUIRED rados_cluster LABELS rados
                         TIMEOUT 300
                         ENVIRONMENT "QUARRY_RADOS_CONF=${QUARRY_RADOS_CLUSTER_DIR}/ceph.conf")
  endforeach()
  # radosfin: quarry schema / check / read-only opens on a RADOS graph,
  # compared with a RocksDB graph (rados-cli/rados_cli_test.py).
  add_test(NAME rados_cli
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/rados-cli/rados_cli_test.py
                   --quarry $<TARGET_FILE:quarry>)
  set_tests_properties(rados_cli PROPERTIES FIXTURES_REQUIRED rados_cluster LABELS rados
                       TIMEOUT 300
                       ENVIRONMENT "QUARRY_RADOS_CONF=${QUARRY_RADOS_CLUSTER_DIR}/ceph.conf")
  add_test(NAME rados_fault_osd_kills
           COMMAND /usr/bin/python3 ${QUARRY_RADOS_FAULT_TEST} --quarry $<TARGET_FILE:quarry>
                   --test osd-faults --cluster-script ${QUARRY_CEPH_CLUSTER}
                   --cluster-dir ${CMAKE_BINARY_DIR}/rados-fault-cluster
                   --class-dir ${QUARRY_RADOS_CLASS_DIR})
  # After the fixture's cluster is down: one loopback cluster at a time.
  set_tests_properties(rados_fault_osd_kills PROPERTIES LABELS rados TIMEOUT 480 RUN_SERIAL TRUE
                       DEPENDS rados_cluster_down)
endif()
