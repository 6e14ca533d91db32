# LAVA back end of the runner (firmware/runner/README.md, "LAVA"; README.md,
# "Running on many machines"). lava-run needs a device configuration: for an
# emulated board it is rendered here from our device dictionary
# (firmware/runner/lava/cryptoperf-qemu.jinja2) and LAVA's own device-type templates,
# unpacked from the lava-server package at build time (never copied into the
# repository). The context is the one cryptoperf-run writes into each job;
# the runner checks every job's QEMU command line against its own.
LAVA_DIR := $(BUILD)/lava
LAVA_TYPES := $(LAVA_DIR)/device-types
LAVA_DEVICES := $(LAVA_DIR)/devices
LAVA_RENDER := /usr/bin/python3 $(TOP)/mk/lava-render -I $(LAVA_TYPES) -I $(TOP)/firmware/runner/lava
LAVA_QEMU_CONTEXT = arch='"arm"' machine='"$(BOARD_QEMU_MACHINE)"' \
  extra_options='["-semihosting-config enable=on,target=native", "-icount shift=$(BOARD_ICOUNT_SHIFT)"]'

$(LAVA_TYPES)/qemu.jinja2: mk/lava-templates | deps-lava
	$(TOP)/mk/lava-templates $(TOP)/cache/lava-server $(LAVA_TYPES)
	@touch $@

# The board being measured, when QEMU emulates it: its machine and icount
# shift come from its board.mk.
$(LAVA_DEVICES)/$(BOARD).yaml: firmware/runner/lava/cryptoperf-qemu.jinja2 mk/lava-render $(LAVA_TYPES)/qemu.jinja2 \
  firmware/boards/$(BOARD)/board.mk | deps-lava
	@mkdir -p $(@D)
	$(LAVA_RENDER) cryptoperf-qemu.jinja2 $(LAVA_QEMU_CONTEXT) >$@.tmp
	@mv $@.tmp $@

.PHONY: lava-devices deps-lava
lava-devices: $(if $(filter qemu,$(BOARD_LANE)),$(LAVA_DEVICES)/$(BOARD).yaml)
deps-lava:
	@$(TOP)/mk/install-deps $(DEPS_LAVA)
TEST_PREREQS += lava-devices
export LAVA_TYPES LAVA_DEVICES

# make measure RUNNER=lava-local | RUNNER=lava LAVA_URL=… or LAVA_IDENTITY=…
# (LAVA_TAGS=a,b, LAVA_CONFIG=file, LAVA_IMAGE_URL=prefix). The job
# definitions stay in build/lava/jobs/<board>.
RUNNER ?= direct
LAVA_JOBS_DIR = $(LAVA_DIR)/jobs/$(BOARD)
RUNNER_BACKEND_OPTS_direct :=
RUNNER_BACKEND_OPTS_lava-local = --backend lava-local --lava devices=$(LAVA_DEVICES) --lava jobs=$(LAVA_JOBS_DIR)
RUNNER_BACKEND_OPTS_lava = --backend lava --lava jobs=$(LAVA_JOBS_DIR) \
  $(if $(LAVA_CONFIG),--lava-config '$(LAVA_CONFIG)') $(if $(LAVA_URL),--lava url='$(LAVA_URL)') \
  $(if $(LAVA_IDENTITY),--lava identity='$(LAVA_IDENTITY)') $(if $(LAVA_TAGS),--lava tags='$(LAVA_TAGS)') \
  $(if $(LAVA_IMAGE_URL),--lava image_url='$(LAVA_IMAGE_URL)')
# LAVA runs QEMU boards whose console is semihosting (lane qemu) and real
# boards (lane serial) on LAVA's own devices; a QEMU board whose console is
# a USART (lane qemu-serial) it does not.
RUNNER_BACKEND_OPTS = $(if $(filter direct lava-local lava,$(RUNNER)),$(RUNNER_BACKEND_OPTS_$(RUNNER)),\
  $(error RUNNER: expected direct, lava-local or lava, found '$(RUNNER)'))$(if $(and \
  $(filter-out direct,$(RUNNER)),$(filter qemu-serial,$(BOARD_LANE))),$(error RUNNER=$(RUNNER): $(BOARD)'s \
  console is a USART in QEMU (lane qemu-serial); LAVA runs the boards of lanes qemu and serial))
MEASURE_PREREQS += $(if $(filter lava-local,$(RUNNER)),lava-devices) $(if $(filter lava,$(RUNNER)),deps-lava)
