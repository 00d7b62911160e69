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
RACE_PKGS ?= ./engine ./engine/hub ./tutor ./widgets

# Packages measured by `make bench`, and the flags of the run.
BENCH_PKGS ?= ./engine
BENCH_FLAGS ?= -bench . -run '^$$' -cpu 1 -benchmem

# Commands `make build` puts in ./bin/.
BUILD_PKGS ?= ./cmd/draughts ./cmd/checkers
BIN ?= bin

# The playing-strength ladder (README, "Playing strength"): each level
# against the one below, in every variant, every level with its own
# settings, as LEVEL_A:LEVEL_B:GAMES:SEED; a level may carry player
# settings (level 10 plays on one thread, 10,threads=1, two games at a
# time, so that each game has a core). It takes several hours on two
# cores, most of it 10-9 (level 10 thinks 2.9 s a move); think times
# count CPU time (--clock cpu, Linux), so a busy machine takes longer but
# plays the same games. LADDER_VARIANTS and LADDER_PAIRS narrow it, e.g.
# make ladder LADDER_VARIANTS=english LADDER_PAIRS=3:2:200:3.
LADDER_VARIANTS ?= english russian international
LADDER_PAIRS ?= 2:1:200:3 3:2:200:3 4:3:200:3 5:4:200:3 6:5:200:3 7:6:200:3 8:7:200:3 9:8:200:3 10,threads=1:9:40:1

# The fyne tool of `make package`: v1.7.2 matches fyne v2.7 (newer ones
# need fyne v2.8). It is installed with go install, never go get -tool.
FYNE_TOOL_VERSION ?= v1.7.2
FYNE ?= $(shell command -v fyne 2>/dev/null || echo $$($(GO) env GOPATH)/bin/fyne)
DIST ?= dist

# The version of the release files, from FyneApp.toml.
VERSION := $(shell sed -n 's/^Version *= *"\(.*\)"/\1/p' FyneApp.toml)

# The browser build: `make web` writes wasm/ (the fyne tool's folder name),
# `make serve` serves it at http://localhost:$(WEB_PORT)/.
WEB_PORT ?= 8080

# The X display `make measure` starts Xvfb on, and its screen.
MEASURE_DISPLAY ?= :93
MEASURE_SCREEN ?= 1280x800x24
# Where `make measure` writes the heap profile of its game (empty: none).
MEASURE_PROFILE ?=

.PHONY: help run test system-packages system-packages-required vet fmt fmt-check unit race bench perft-long build clean ladder package icon measure fyne-tool web serve dist e2e e2e-packages e2e-deps web-storage-test

help:
	@echo "make run         start the app (installs missing system packages when root)"
	@echo "make test        every check: system packages, vet, gofmt, tests, race tests, browser test"
	@echo "make build       build $(BUILD_PKGS) into ./$(BIN)/"
	@echo "make bench       benchmarks of $(BENCH_PKGS) ($(BENCH_FLAGS))"
	@echo "make perft-long  the deep perft counts (minutes)"
	@echo "make ladder      the playing-strength table: each level against the one below (hours)"
	@echo "make fmt         gofmt -w every Go file"
	@echo "make vet         go vet ./..., and the app for the browser and for phones"
	@echo "make race        go test -race $(RACE_PKGS)"
	@echo "make package     the Linux package of the app: $(DIST)/checkers-tutor-linux-amd64.tar.xz"
	@echo "make web         the browser build (WebAssembly) in ./wasm/"
	@echo "make serve       serve ./wasm/ at http://localhost:$(WEB_PORT)/ (needs node)"
	@echo "make e2e         build ./wasm/ and test it in headless Chromium at phone and desktop sizes"
	@echo "make dist        release files of version $(VERSION) in $(DIST)/: Linux package and web bundle"
	@echo "make measure     start time and memory of the app under Xvfb"
	@echo "make icon        render cmd/checkers/Icon.png from Icon.svg (needs rsvg-convert)"

run: system-packages
	$(GO) run $(RUN_PKG) $(RUN_ARGS)

test: system-packages-required vet fmt-check unit race e2e

# Missing system packages are installed when root; otherwise run prints the
# apt-get command and goes on, and test stops there.
system-packages:
	@.ci/system-packages

system-packages-required:
	@.ci/system-packages --require

# The app is also checked as the browser (js/wasm) and phone (-tags
# mobile: Fyne's mobile driver, as on Android and iOS) compile it.
vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./cmd/checkers ./widgets ./tutor
	$(GO) vet -tags mobile ./cmd/checkers

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
			a=$${pair%%:*}; rest=$${pair#*:}; b=$${rest%%:*}; rest=$${rest#*:}; \
			games=$${rest%%:*}; seed=$${rest#*:}; \
			cmd="$(BIN)/draughts --variant $$v match --a level=$$a --b level=$$b --games $$games --seed $$seed --workers 2 --clock cpu"; \
			echo "$$ $$cmd"; $$cmd || exit 1; \
		done; \
	done

clean:
	rm -rf $(BIN) $(DIST) wasm .ci/e2e/out

# The fyne tool reads FyneApp.toml from the folder it packages (--src),
# but FyneApp.toml lives at the top of the repository and main in
# cmd/checkers: the target copies it there for the run (the copy is
# ignored by git and removed afterwards). Its Icon = "Icon.png" is then
# cmd/checkers/Icon.png. The tool writes "Checkers Tutor.tar.xz" (binary,
# .desktop file, icon, and a Makefile that installs them under
# /usr/local) in the current folder; it is moved to $(DIST)/. The first
# run rebuilds go-gl in release mode: several minutes.
package: system-packages fyne-tool
	@mkdir -p $(DIST)
	cp FyneApp.toml cmd/checkers/FyneApp.toml
	$(FYNE) package -os linux --src cmd/checkers --release; \
		status=$$?; rm -f cmd/checkers/FyneApp.toml; exit $$status
	mv "Checkers Tutor.tar.xz" $(DIST)/checkers-tutor-linux-amd64.tar.xz
	@ls -l $(DIST)/checkers-tutor-linux-amd64.tar.xz

fyne-tool:
	@[ -x "$(FYNE)" ] || $(GO) install fyne.io/tools/cmd/fyne@$(FYNE_TOOL_VERSION)

# The icon's PNG is committed; rendering it again needs librsvg2-bin
# (a development tool only: the build does not need it).
icon:
	rsvg-convert -w 512 -h 512 cmd/checkers/Icon.svg -o cmd/checkers/Icon.png

# Start time (launch to the first frame drawn, three warm runs) and peak
# memory (VmHWM) during a game against level 10, under Xvfb: see the
# README. Needs xvfb (apt-get install xvfb xauth). MEASURE_PROFILE=path
# also writes the game's Go heap profile there and /proc/self/smaps to
# path.smaps (go tool pprof -top -sample_index=inuse_space bin/checkers path).
measure: system-packages
	$(GO) build -o $(BIN)/checkers ./cmd/checkers
	@export LANG=en_US.UTF-8 DISPLAY=$(MEASURE_DISPLAY); \
	tmp=$$(mktemp -d); \
	Xvfb $(MEASURE_DISPLAY) -screen 0 $(MEASURE_SCREEN) -nolisten tcp >/dev/null 2>&1 & xvfb=$$!; \
	sleep 1; \
	$(BIN)/checkers >/dev/null 2>&1 </dev/null & warm=$$!; sleep 3; kill $$warm; \
	for i in 1 2 3; do \
		CHECKERS_PROGRESS=$$tmp/p$$i.json CHECKERS_FIRST_FRAME=1 timeout 60 $(BIN)/checkers 2>/dev/null; \
	done; \
	CHECKERS_PROGRESS=$$tmp/game.json CHECKERS_MEASURE_LEVEL=10 CHECKERS_MEASURE_MOVES=8 \
		CHECKERS_MEMPROFILE=$(MEASURE_PROFILE) timeout 300 $(BIN)/checkers 2>/dev/null; \
	status=$$?; kill $$xvfb; rm -rf $$tmp; exit $$status

# The browser build. The fyne tool writes wasm/ (index.html, wasm_exec.js,
# the program as "Checkers Tutor.wasm", icon, spinners, styles); like
# `make package` it needs FyneApp.toml beside main for the run.
# cmd/checkers/web/localfs.js is then put in front of wasm_exec.js: it
# gives Go's os package a file system kept in localStorage, where the
# progress file lives (see README, "Browser build"). Sound plays through
# WebAudio. About a minute warm, longer the first time.
web: fyne-tool
	rm -rf wasm
	cp FyneApp.toml cmd/checkers/FyneApp.toml
	$(FYNE) package -os wasm --src cmd/checkers --release; \
		status=$$?; rm -f cmd/checkers/FyneApp.toml; exit $$status
	cat cmd/checkers/web/localfs.js wasm/wasm_exec.js > wasm/wasm_exec.js.tmp
	mv wasm/wasm_exec.js.tmp wasm/wasm_exec.js
	@du -sh wasm

# Serves wasm/ as it is (build it first with make web); Ctrl-C stops it.
serve:
	@[ -f wasm/index.html ] || { echo "serve: no wasm/index.html: run make web first"; exit 1; }
	node .ci/e2e/serve.js wasm $(WEB_PORT)

# Chromium, Node.js and the test's npm package (playwright-core, pinned in
# .ci/e2e/package-lock.json). Missing system packages are installed when
# root, as for the build.
e2e-packages:
	@.ci/system-packages --require --web

e2e-deps: e2e-packages
	@if [ ! -f .ci/e2e/node_modules/.package-lock.json ] || \
		! cmp -s .ci/e2e/package-lock.json .ci/e2e/node_modules/.checkers-lock.json; then \
		cd .ci/e2e && npm ci --no-audit --no-fund --loglevel=error && \
		cp package-lock.json node_modules/.checkers-lock.json; \
	fi

# The browser's file system under Go's own tests of the progress file,
# then the browser test: the app in headless Chromium at 360x640 and
# 1280x800, the first lesson step played by clicking the board, progress
# kept over a reload, no console errors. Screenshots go to .ci/e2e/out/.
e2e: e2e-deps web web-storage-test
	cd .ci/e2e && node web.e2e.js ../../wasm out

web-storage-test: e2e-packages
	node --test .ci/e2e/
	GOOS=js GOARCH=wasm $(GO) test -exec "node $(CURDIR)/.ci/e2e/wasm-node.js" -run 'TestProgress' ./tutor

# The release files of version $(VERSION): the Linux package and the web
# bundle (wasm/ as a .tar.gz; unpack it on any static web server that
# serves .wasm as application/wasm).
dist: package web
	mv $(DIST)/checkers-tutor-linux-amd64.tar.xz $(DIST)/checkers-tutor-$(VERSION)-linux-amd64.tar.xz
	tar -czf $(DIST)/checkers-tutor-$(VERSION)-web.tar.gz --transform 's,^wasm,checkers-tutor-$(VERSION)-web,' wasm
	@ls -l $(DIST)/checkers-tutor-$(VERSION)-*
