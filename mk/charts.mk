# The chart backend's test driver, build/tests/chart_render: draws sample and
# hostile charts through one gnuplot process for tests/charts/*.t. It links
# the ASan+UBSan library like the unit tests; it is no part of the product
# command line.
CHART_DRIVER := $(BUILD)/tests/chart_render

$(CHART_DRIVER): tests/charts/chart_render.c $(GEN_LIB_ASAN) $(GEN_HDR)
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(GEN_INC) -o $@ $< $(GEN_LIB_ASAN) $(GEN_LIBS)

TEST_PREREQS += $(CHART_DRIVER)
