# Two commands do everything on a fresh Debian machine with Swift:
#   make run   - build, then run every suite against the bundled reference integration on the
#                embedded mock backend; JUnit XML goes to reports/junit.xml
#   make test  - build and run the test suite
SWIFT ?= swift
# ant and ant-optional: a test feeds the ant dialect to Apache Ant's own junitreport task.
# chromium and fonts-dejavu-core: a test loads the HTML report in headless Chromium and takes a screenshot;
# poppler-utils: its printout is read back with pdftotext.
APT_PACKAGES := libcurl4-openssl-dev libxml2-dev libyaml-dev pkg-config libxml2-utils iproute2 ant ant-optional chromium fonts-dejavu-core poppler-utils
JUNIT ?= reports/junit.xml
# One build serves the main job, the tests and the benchmarks: optimised, with testable imports (the unit tests
# reach internal API). The end-to-end tests drive the binaries built next to them, so optimised binaries make
# `make test` about a third faster than a debug build, and whichever of `make run` and `make test` comes second
# builds nothing again.
BUILD := -c release -Xswiftc -enable-testing

.PHONY: deps build run test bench bench-mock check-binding clean

# Installs missing system packages when root; otherwise prints the command to run.
deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	  else \
	    echo "missing system packages:$$missing"; \
	    echo "run: sudo apt-get update && sudo apt-get install -y$$missing"; \
	    exit 2; \
	  fi; \
	fi
	@# The schema tests check mamconf's JSON Schemas with an outside validator (Python jsonschema, PyYAML);
	@# the mock's tests send it schemathesis-generated requests from the Graph OpenAPI subset.
	@python3 -c 'import jsonschema, yaml' 2>/dev/null || python3 -m pip install --quiet jsonschema pyyaml
	@python3 -c 'import schemathesis, sys; sys.exit(not schemathesis.__version__.startswith("4."))' 2>/dev/null || python3 -m pip install --quiet 'schemathesis==4.32.5'
	@# The JUnit reader test feeds every kind of report mamconf writes to two Python JUnit readers.
	@python3 -c 'import junitparser, xunitparser' 2>/dev/null || python3 -m pip install --quiet 'junitparser>=5,<6' 'xunitparser>=1.3'
	@# Every Graph request of a Graph-driver run is validated against the OpenAPI subset (OAS 3.0 validator).
	@python3 -c 'import openapi_schema_validator' 2>/dev/null || python3 -m pip install --quiet 'openapi-schema-validator==0.9.0'

# `swift test` would rebuild everything under parameters of its own; building the tests here and running them
# with --skip-build keeps one build for both targets.
build: deps
	$(SWIFT) build $(BUILD) --build-tests

run: build
	"$$($(SWIFT) build $(BUILD) --show-bin-path)/mamconf" run --junit $(JUNIT)

# The log is kept in .build/test.log; when a test fails, its lines are printed again at the end, so a CI log that
# shows only its last lines still names every failing test and why, with the lines of each issue's message (up to
# 40) and any test cancelled for its machine's sake;
# a crash of the test process is printed last, with the top of the runtime's backtrace.
test: build
	@bash -c 'set -o pipefail; $(SWIFT) test $(BUILD) --skip-build 2>&1 | tee .build/test.log; status=$$?; \
	if [ $$status -ne 0 ]; then echo; echo "make test failed ($$status); its failing and cancelled tests again:"; \
	awk '"'"'/recorded an issue/ { print; more = 40; next } more > 0 && !/^(◇|✔|✘) / { print; more--; next } \
	  /✘|↳|[Cc]ancel/ { print } { more = 0 }'"'"' .build/test.log | cut -c1-600 | tail -n 200; \
	awk '"'"'/Program crashed|Fatal error|Thread [0-9]+ crashed/ { n = 48 } n-- > 0'"'"' .build/test.log | cut -c1-300 | head -n 150; \
	fi; exit $$status'

# Speed figures (never timed tests): the full run serial and with --jobs next to its floor (mamconf-floor
# replays the reference's recorded answers at once), per-case spawn cost, the restricted mutation matrix and
# 1,000 and 10,000 synthetic cases with peak memory, on the release build; then the debug build's full run;
# then the protocol round trip over stdio and tcp. SCALE=1000 for a shorter run.
SCALE ?= 1000,10000
# Like `run` and `test`, the optimised figures come from the one shared build, which already holds every product:
# building single products with other parameters would rebuild everything, twice.
bench: build
	python3 Benchmarks/RunFloor/run_bench.py --bin "$$($(SWIFT) build $(BUILD) --show-bin-path)" --matrix --scale $(SCALE)
	$(SWIFT) build --product mamconf
	$(SWIFT) build --product mamconf-reference
	$(SWIFT) build --product mamconf-floor
	python3 Benchmarks/RunFloor/run_bench.py --bin "$$($(SWIFT) build --show-bin-path)"
	"$$($(SWIFT) build $(BUILD) --show-bin-path)/mamconf-transport-bench" --messages 2000 --runs 3

# The mock's requests per second under wrk next to nginx serving a static JSON reply (both Debian's, installed
# here when missing), and the Graph driver's request rate over every suite; release build, loopback only.
bench-mock: build
	@for p in wrk nginx; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; fi
	python3 Benchmarks/MockThroughput/mock_throughput.py --bin "$$($(SWIFT) build $(BUILD) --show-bin-path)"

# Type-checks IntuneBinding's real-SDK branch against the Intune App SDK for iOS at INTUNE_SDK: a folder holding
# IntuneMAMSwift.framework, or several releases side by side (`21.7.1/IntuneMAMSwift.framework`). Only the SDK's
# headers are read, in place; docs/intune-binding.md says what this verifies. Needs no build of mamconf.
check-binding:
	@if [ -z "$(INTUNE_SDK)" ]; then echo "usage: make check-binding INTUNE_SDK=PATH (a folder holding IntuneMAMSwift.framework, or release folders)" >&2; exit 2; fi
	python3 Tools/BindingCheck/check_binding.py "$(INTUNE_SDK)"

clean:
	rm -rf .build reports/*.xml
