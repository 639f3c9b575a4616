# Two commands do everything on a fresh Debian machine with Swift:
#   make run   - build, then run every suite against the bundled reference integration on the
#                embedded mock backend; JUnit XML goes to reports/junit.xml
#   make test  - build and run the test suite
SWIFT ?= swift
APT_PACKAGES := libcurl4-openssl-dev libxml2-dev pkg-config libxml2-utils
JUNIT ?= reports/junit.xml

.PHONY: deps build run test bench clean

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

build: deps
	$(SWIFT) build

run: build
	"$$($(SWIFT) build --show-bin-path)/mamconf" run --junit $(JUNIT)

test: deps
	$(SWIFT) test

clean:
	rm -rf .build reports/*.xml
