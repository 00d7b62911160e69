# Checkers Tutor. `make run` starts the app, `make test` runs every check
# (the CI runs exactly `make test`, through .ci/run). `make help` lists all.

GO ?= go

# What `make run` starts: the graphical app once cmd/checkers exists, until
# then the two-player game of the command-line tool.
ifneq ($(wildcard cmd/checkers/*.go),)
RUN_PKG ?= ./cmd/checkers
RUN_ARGS ?=
else
RUN_PKG ?= ./cmd/draughts
RUN_ARGS ?= play
endif

# Packages whose tests run a second time under the race detector: those
# that use goroutines.
RACE_PKGS ?= ./engine

# Packages measured by `make bench`, and the flags of the run.
BENCH_PKGS ?= ./engine
BENCH_FLAGS ?= -bench . -run '^$$' -cpu 1 -benchmem

# Commands `make build` puts in ./bin/.
BUILD_PKGS ?= ./cmd/draughts
BIN ?= bin

# The playing-strength ladder (README, "Playing strength"): each level
# against the one below, in every variant, every level with its own
# settings. The top pairs play fewer games (LEVEL_A:LEVEL_B:GAMES). It
# takes a few hours on two cores; LADDER_VARIANTS and LADDER_PAIRS narrow
# it, e.g. make ladder LADDER_VARIANTS=english LADDER_PAIRS=3:2:100.
LADDER_VARIANTS ?= english russian international
LADDER_PAIRS ?= 2:1:100 3:2:100 4:3:100 5:4:100 6:5:100 7:6:100 8:7:20 9:8:8 10:9:8

.PHONY: help run test system-packages system-packages-required vet fmt fmt-check unit race bench perft-long build clean ladder

help:
	@echo "make run         start the app (installs missing system packages when root)"
	@echo "make test        every check: system packages, vet, gofmt, tests, race tests"
	@echo "make build       build $(BUILD_PKGS) into ./$(BIN)/"
	@echo "make bench       benchmarks of $(BENCH_PKGS) ($(BENCH_FLAGS))"
	@echo "make perft-long  the deep perft counts (minutes)"
	@echo "make ladder      the playing-strength table: each level against the one below (hours)"
	@echo "make fmt         gofmt -w every Go file"
	@echo "make vet         go vet ./..."
	@echo "make race        go test -race $(RACE_PKGS)"

run: system-packages
	$(GO) run $(RUN_PKG) $(RUN_ARGS)

test: system-packages-required vet fmt-check unit race

# Missing system packages are installed when root; otherwise run prints the
# apt-get command and goes on, and test stops there.
system-packages:
	@.ci/system-packages

system-packages-required:
	@.ci/system-packages --require

vet:
	$(GO) vet ./...

fmt:
	gofmt -l -w .

fmt-check:
	@unformatted=$$(gofmt -l .); \
	if [ -n "$$unformatted" ]; then \
		echo "gofmt: these files are not formatted (run make fmt):"; \
		echo "$$unformatted" | sed 's/^/    /'; \
		exit 1; \
	fi

unit:
	$(GO) test ./...

race:
	CGO_ENABLED=1 $(GO) test -race $(RACE_PKGS)

bench:
	$(GO) test $(BENCH_PKGS) $(BENCH_FLAGS)

perft-long:
	$(GO) test ./engine -run TestPerft -timeout 2h -v -args -perft.long

build:
	$(GO) build -o $(BIN)/ $(BUILD_PKGS)

ladder: build
	@for v in $(LADDER_VARIANTS); do \
		for pair in $(LADDER_PAIRS); do \
			a=$${pair%%:*}; rest=$${pair#*:}; b=$${rest%%:*}; games=$${rest#*:}; \
			echo "$$ $(BIN)/draughts --variant $$v match --a level=$$a --b level=$$b --games $$games --seed 1"; \
			$(BIN)/draughts --variant $$v match --a level=$$a --b level=$$b --games $$games --seed 1 || exit 1; \
		done; \
	done

clean:
	rm -rf $(BIN)
