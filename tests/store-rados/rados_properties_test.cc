#include "store-rados/rados_properties.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::StatusIs;

StoreProperties With(std::map<std::string, std::string> raw) {
  StoreProperties p;
  p.raw = std::move(raw);
  return p;
}

TEST(RadosPropertiesTest, DefaultsAndOverrides) {
  ASSERT_OK_AND_ASSIGN(RadosProperties d,
                       RadosProperties::From(With({{"quarry.rados.conf", "c"}})));
  EXPECT_EQ(d.conf, "c");
  EXPECT_EQ(d.pool, "quarry");
  EXPECT_EQ(d.graph, "graph");
  EXPECT_EQ(d.tablets, 16u);
  EXPECT_EQ(d.op_timeout_s, 30u);
  ASSERT_OK_AND_ASSIGN(RadosProperties p,
                       RadosProperties::From(With({{"quarry.rados.conf", "/etc/ceph/ceph.conf"},
                                                   {"quarry.rados.pool", "graphs"},
                                                   {"quarry.rados.graph", "roads-1"},
                                                   {"quarry.rados.tablets", "64"},
                                                   {"quarry.rados.op.timeout.s", "5"}})));
  EXPECT_EQ(p.pool, "graphs");
  EXPECT_EQ(p.graph, "roads-1");
  EXPECT_EQ(p.tablets, 64u);
  EXPECT_EQ(p.op_timeout_s, 5u);
}

TEST(RadosPropertiesTest, RefusesBadValuesNamingTheKey) {
  EXPECT_THAT(RadosProperties::From(With({})), StatusIs(StatusCode::kInvalidArgument));
  for (const char* tablets : {"0", "3", "131072", "x", "-4"}) {
    EXPECT_THAT(RadosProperties::From(
                    With({{"quarry.rados.conf", "c"}, {"quarry.rados.tablets", tablets}})),
                StatusIs(StatusCode::kInvalidArgument))
        << tablets;
  }
  for (const char* graph : {"", "a/b", "a b"}) {
    EXPECT_THAT(
        RadosProperties::From(With({{"quarry.rados.conf", "c"}, {"quarry.rados.graph", graph}})),
        StatusIs(StatusCode::kInvalidArgument))
        << graph;
  }
}

}  // namespace
}  // namespace quarry
