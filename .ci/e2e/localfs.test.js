// Tests of cmd/checkers/web/localfs.js, the browser file system of the web
// build: what one page load writes, the next one reads back from
// localStorage. Run with `node --test .ci/e2e/` (make test does).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const source = fs.readFileSync(path.join(__dirname, "..", "..", "cmd", "checkers", "web", "localfs.js"), "utf8");

function memoryStorage(quota = Infinity) {
	const items = new Map();
	return {
		items,
		get length() { return items.size; },
		key(i) { return [...items.keys()][i] ?? null; },
		getItem(k) { return items.has(k) ? items.get(k) : null; },
		setItem(k, v) {
			let used = 0;
			for (const [key, value] of items) {
				if (key !== k) {
					used += key.length + value.length;
				}
			}
			if (used + String(k).length + String(v).length > quota) {
				const err = new Error("quota exceeded");
				err.name = "QuotaExceededError";
				throw err;
			}
			items.set(String(k), String(v));
		},
		removeItem(k) { items.delete(k); },
	};
}

// pageLoad runs localfs.js as a page load would and returns its fs, with
// every call turned into a synchronous one returning its result or
// throwing its error.
function pageLoad(localStorage) {
	const logged = [];
	const context = { localStorage, TextDecoder, btoa, atob, console: { log: (s) => logged.push(s) } };
	context.globalThis = context;
	vm.runInNewContext(source, context);
	const raw = context.fs;
	// Arrays made inside the page's realm compare equal to ours only as copies.
	const plain = (v) => (Array.isArray(v) ? [...v] : v);
	const call = (name, ...args) => {
		let result, error, called = false;
		raw[name](...args, (err, value) => { called = true; error = err; result = plain(value); });
		assert.ok(called, name + " did not call back at once");
		if (error) {
			throw error;
		}
		return result;
	};
	const c = raw.constants;
	return {
		raw, logged, call,
		writeFile(p, text, flags = c.O_WRONLY | c.O_CREAT | c.O_TRUNC) {
			const fd = call("open", p, flags, 0o644);
			const bytes = new TextEncoder().encode(text);
			call("write", fd, bytes, 0, bytes.length, null);
			call("close", fd);
		},
		readFile(p) {
			const fd = call("open", p, c.O_RDONLY, 0);
			const size = call("fstat", fd).size;
			const buf = new Uint8Array(size);
			assert.strictEqual(call("read", fd, buf, 0, size, null), size);
			call("close", fd);
			return new TextDecoder().decode(buf);
		},
	};
}

function code(f) {
	try {
		f();
	} catch (err) {
		return err.code;
	}
	return "no error";
}

test("files and directories written in one page load are read in the next", () => {
	const storage = memoryStorage();
	const first = pageLoad(storage);
	assert.strictEqual(first.raw.checkersStorage, "localStorage");
	first.call("mkdir", "/fyne", 0o755);
	first.writeFile("/fyne/progress.json", '{"version": 1, "é": "ü"}\n');
	first.call("mkdir", "/fyne/empty", 0o755);

	const second = pageLoad(storage);
	assert.strictEqual(second.readFile("/fyne/progress.json"), '{"version": 1, "é": "ü"}\n');
	assert.deepStrictEqual(second.call("readdir", "/fyne"), ["empty", "progress.json"]);
	assert.ok(second.call("stat", "/fyne/empty").isDirectory());
});

test("a rename replaces the file in the store and forgets the old name", () => {
	const storage = memoryStorage();
	const first = pageLoad(storage);
	first.call("mkdir", "/d", 0o755);
	first.writeFile("/d/p.json", "old");
	first.writeFile("/d/p.json.tmp-1", "new");
	first.call("rename", "/d/p.json.tmp-1", "/d/p.json");

	const second = pageLoad(storage);
	assert.strictEqual(second.readFile("/d/p.json"), "new");
	assert.deepStrictEqual(second.call("readdir", "/d"), ["p.json"]);
	assert.deepStrictEqual([...storage.items.keys()].sort(), ["checkers-tutor-fs:/d", "checkers-tutor-fs:/d/p.json"]);
});

test("a removed file is gone after a reload", () => {
	const storage = memoryStorage();
	const first = pageLoad(storage);
	first.writeFile("/gone", "x");
	first.call("unlink", "/gone");
	assert.strictEqual(code(() => pageLoad(storage).call("stat", "/gone")), "ENOENT");
});

test("open follows the flags of Go's os package", () => {
	const f = pageLoad(memoryStorage());
	const c = f.raw.constants;
	f.writeFile("/a", "abc");
	assert.strictEqual(code(() => f.call("open", "/a", c.O_RDWR | c.O_CREAT | c.O_EXCL, 0o600)), "EEXIST");
	assert.strictEqual(code(() => f.call("open", "/missing", c.O_RDONLY, 0)), "ENOENT");
	assert.strictEqual(code(() => f.call("open", "/no/dir/file", c.O_WRONLY | c.O_CREAT, 0o644)), "ENOENT");
	assert.strictEqual(code(() => f.call("open", "/", c.O_WRONLY, 0)), "EISDIR");
	f.writeFile("/a", "de", c.O_WRONLY | c.O_APPEND);
	assert.strictEqual(f.readFile("/a"), "abcde");
	f.writeFile("/a", "x", c.O_WRONLY | c.O_TRUNC);
	assert.strictEqual(f.readFile("/a"), "x");
});

test("a full localStorage makes the write fail instead of losing it silently", () => {
	const storage = memoryStorage(200);
	const f = pageLoad(storage);
	f.writeFile("/small", "ok");
	assert.strictEqual(code(() => f.writeFile("/big", "x".repeat(500))), "ENOSPC");
	assert.strictEqual(pageLoad(storage).readFile("/small"), "ok");
});

test("without localStorage the files stay in memory and the file system says so", () => {
	const denied = { get length() { return 0; }, setItem() { throw new Error("denied"); } };
	const f = pageLoad(denied);
	assert.strictEqual(f.raw.checkersStorage, "memory");
	f.writeFile("/m", "kept for this visit");
	assert.strictEqual(f.readFile("/m"), "kept for this visit");
});

test("standard output goes to the console line by line", () => {
	const f = pageLoad(memoryStorage());
	const bytes = new TextEncoder().encode("one\ntw");
	f.call("write", 2, bytes, 0, bytes.length, null);
	f.raw.writeSync(1, new TextEncoder().encode("out"));
	f.raw.writeSync(2, new TextEncoder().encode("o\n"));
	assert.deepStrictEqual([...f.logged], ["one", "two"]);
});
