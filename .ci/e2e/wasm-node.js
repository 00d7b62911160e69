// Runs a js/wasm Go test binary under Node.js with the browser's file
// system of the web build (cmd/checkers/web/localfs.js) over an in-memory
// localStorage, instead of Node's own fs: `make test` runs tutor's progress
// tests this way (go test -exec "node .ci/e2e/wasm-node.js"), so the
// progress file's atomic writes are checked against the file system the
// browser build really uses.
"use strict";
const nodePath = require("path");
const { execFileSync } = require("child_process");

if (process.argv.length < 3) {
	console.error("usage: node wasm-node.js program.wasm [arguments]");
	process.exit(2);
}

// A localStorage kept in a Map.
const items = new Map();
globalThis.localStorage = {
	get length() { return items.size; },
	key(i) { return [...items.keys()][i] ?? null; },
	getItem(k) { return items.has(k) ? items.get(k) : null; },
	setItem(k, v) { items.set(String(k), String(v)); },
	removeItem(k) { items.delete(k); },
	clear() { items.clear(); },
};

require(nodePath.join(__dirname, "..", "..", "cmd", "checkers", "web", "localfs.js"));
if (globalThis.fs.checkersStorage !== "localStorage") {
	console.error("wasm-node.js: localfs.js did not install its file system");
	process.exit(2);
}

const goroot = execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim();
require(nodePath.join(goroot, "lib", "wasm", "wasm_exec.js"));

const go = new Go();
go.argv = process.argv.slice(2);
go.env = { TMPDIR: "/tmp", HOME: "/home" };
go.exit = process.exit;
const wasm = require("fs").readFileSync(process.argv[2]);
WebAssembly.instantiate(wasm, go.importObject).then((result) => {
	process.on("exit", (code) => { // Node.js exits when nothing is pending
		if (code === 0 && !go.exited) {
			go._pendingEvent = { id: 0 }; // a deadlock: let Go print it
			go._resume();
		}
	});
	return go.run(result.instance);
}).catch((err) => {
	console.error(err);
	process.exit(1);
});
