// localfs.js: a small file system for Go's WebAssembly port in the browser,
// kept in localStorage, so that the app's progress file survives a reload.
//
// Go's os package on js/wasm calls the Node.js-style object globalThis.fs.
// wasm_exec.js installs a stub there that fails every file operation
// ("not implemented on js") unless globalThis.fs already exists. `make web`
// puts this file in front of wasm_exec.js, so this one is found first.
//
// Files and directories live in memory; every change is written through to
// localStorage at once (a file when it is synced or closed after writing, a
// rename or removal immediately), one key per path: "checkers-tutor-fs:" +
// path, holding {"t": mtime in ms, "d": 1} for a directory or {"t": ...,
// "b": base64 content} for a file. Operations finish synchronously (their
// callbacks run before they return), as Go's syscall package allows, and the
// JavaScript thread is single, so a rename replaces a file in one step.
// Without localStorage (disabled by the browser) the files stay in memory
// and fs.checkersStorage says "memory".
(() => {
	"use strict";
	if (globalThis.fs) {
		return; // Node.js, or another file system: keep it
	}
	const prefix = "checkers-tutor-fs:";
	const constants = {
		O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512,
		O_APPEND: 1024, O_DIRECTORY: 65536,
	};
	const S_IFDIR = 0o040000, S_IFREG = 0o100000;

	let store = null;
	try {
		store = globalThis.localStorage;
		const probe = prefix + "probe";
		store.setItem(probe, "1");
		store.removeItem(probe);
	} catch (e) {
		store = null;
	}

	function fsError(code, path) {
		const err = new Error(code + (path ? ": " + path : ""));
		err.code = code;
		return err;
	}

	function clean(path) {
		const out = [];
		for (const part of String(path).split("/")) {
			if (part === "" || part === ".") {
				continue;
			}
			if (part === "..") {
				out.pop();
			} else {
				out.push(part);
			}
		}
		return "/" + out.join("/");
	}

	function parentOf(path) {
		const i = path.lastIndexOf("/");
		return i <= 0 ? "/" : path.slice(0, i);
	}

	function toBase64(bytes) {
		let s = "";
		for (let i = 0; i < bytes.length; i += 0x8000) {
			s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
		}
		return btoa(s);
	}

	function fromBase64(text) {
		const s = atob(text);
		const bytes = new Uint8Array(s.length);
		for (let i = 0; i < s.length; i++) {
			bytes[i] = s.charCodeAt(i);
		}
		return bytes;
	}

	// nodes maps a clean path to {dir, data, size, mtime, path}.
	const nodes = new Map();
	function newDir(path, mtime) {
		return { dir: true, data: null, size: 0, mtime: mtime || Date.now(), path };
	}
	function newFile(path, data, mtime) {
		return { dir: false, data, size: data.length, mtime: mtime || Date.now(), path };
	}
	nodes.set("/", newDir("/"));
	nodes.set("/tmp", newDir("/tmp")); // os.TempDir() on js

	// Write a node through to localStorage; a full store is ENOSPC.
	function persist(node) {
		if (!store || node.path === null || node.path === "/tmp" || node.path === "/") {
			return null;
		}
		const value = node.dir ? { t: node.mtime, d: 1 } : { t: node.mtime, b: toBase64(node.data.subarray(0, node.size)) };
		try {
			store.setItem(prefix + node.path, JSON.stringify(value));
		} catch (e) {
			return fsError("ENOSPC", node.path);
		}
		return null;
	}
	function forget(path) {
		if (store) {
			store.removeItem(prefix + path);
		}
	}

	// Load what an earlier visit stored; parents missing from the store
	// (not expected) are made directories.
	if (store) {
		const keys = [];
		for (let i = 0; i < store.length; i++) {
			const key = store.key(i);
			if (key !== null && key.startsWith(prefix + "/")) {
				keys.push(key);
			}
		}
		keys.sort(); // parents before children
		for (const key of keys) {
			const path = clean(key.slice(prefix.length));
			let value;
			try {
				value = JSON.parse(store.getItem(key));
			} catch (e) {
				continue; // unreadable: the file is missing, as after a crash
			}
			for (let p = parentOf(path); !nodes.has(p); p = parentOf(p)) {
				nodes.set(p, newDir(p));
			}
			if (value && value.d) {
				nodes.set(path, newDir(path, value.t));
			} else if (value && typeof value.b === "string") {
				try {
					nodes.set(path, newFile(path, fromBase64(value.b), value.t));
				} catch (e) {
					// not base64: skip it
				}
			}
		}
	}

	function stats(node) {
		const blocks = Math.ceil(node.size / 512);
		return {
			dev: 1, ino: 0, mode: node.dir ? S_IFDIR | 0o755 : S_IFREG | 0o644, nlink: 1, uid: 0, gid: 0, rdev: 0,
			size: node.size, blksize: 4096, blocks, atimeMs: node.mtime, mtimeMs: node.mtime, ctimeMs: node.mtime,
			isDirectory() { return node.dir; },
			isFile() { return !node.dir; },
			isSymbolicLink() { return false; },
		};
	}

	// The parent directory of path, or the error why there is none.
	function parentDir(path) {
		const parent = nodes.get(parentOf(path));
		if (!parent) {
			return [null, fsError("ENOENT", path)];
		}
		if (!parent.dir) {
			return [null, fsError("ENOTDIR", path)];
		}
		return [parent, null];
	}

	const fds = new Map();
	let nextFD = 100;
	function openFile(fd) {
		const f = fds.get(fd);
		return f ? [f, null] : [null, fsError("EBADF")];
	}

	function grow(node, size) {
		if (size <= node.data.length) {
			return;
		}
		const data = new Uint8Array(Math.max(size, node.data.length * 2, 256));
		data.set(node.data.subarray(0, node.size));
		node.data = data;
	}

	function truncateNode(node, length) {
		if (node.dir) {
			return fsError("EISDIR", node.path);
		}
		grow(node, length);
		node.data.fill(0, Math.min(node.size, length), length);
		node.size = length;
		node.mtime = Date.now();
		return persist(node);
	}

	const decoder = new TextDecoder("utf-8");
	const lineBuffers = { 1: "", 2: "" };

	const fs = {
		constants,
		checkersStorage: store ? "localStorage" : "memory",

		// Standard output and error go to the console line by line, as
		// with wasm_exec.js's own stub (the Go runtime writes panics here).
		writeSync(fd, buf) {
			if (fd === 1 || fd === 2) {
				lineBuffers[fd] += decoder.decode(buf);
				const nl = lineBuffers[fd].lastIndexOf("\n");
				if (nl !== -1) {
					console.log(lineBuffers[fd].substring(0, nl));
					lineBuffers[fd] = lineBuffers[fd].substring(nl + 1);
				}
				return buf.length;
			}
			let result = 0;
			fs.write(fd, buf, 0, buf.length, null, (err, n) => {
				if (err) {
					throw err;
				}
				result = n;
			});
			return result;
		},

		open(path, flags, mode, callback) {
			path = clean(path);
			const access = flags & 3;
			let node = nodes.get(path);
			if (node && (flags & constants.O_CREAT) && (flags & constants.O_EXCL)) {
				return callback(fsError("EEXIST", path));
			}
			if (!node) {
				if (!(flags & constants.O_CREAT)) {
					return callback(fsError("ENOENT", path));
				}
				const [, err] = parentDir(path);
				if (err) {
					return callback(err);
				}
				node = newFile(path, new Uint8Array(0));
				nodes.set(path, node);
				const perr = persist(node);
				if (perr) {
					nodes.delete(path);
					return callback(perr);
				}
			}
			if (node.dir && access !== constants.O_RDONLY) {
				return callback(fsError("EISDIR", path));
			}
			if ((flags & constants.O_DIRECTORY) && !node.dir) {
				return callback(fsError("ENOTDIR", path));
			}
			if (!node.dir && (flags & constants.O_TRUNC) && access !== constants.O_RDONLY && node.size > 0) {
				const err = truncateNode(node, 0);
				if (err) {
					return callback(err);
				}
			}
			const fd = nextFD++;
			fds.set(fd, {
				node, pos: 0, dirty: false,
				readable: access !== constants.O_WRONLY,
				writable: access !== constants.O_RDONLY,
				append: (flags & constants.O_APPEND) !== 0,
			});
			callback(null, fd);
		},

		close(fd, callback) {
			const [f, err] = openFile(fd);
			if (err) {
				return callback(err);
			}
			fds.delete(fd);
			callback(f.dirty ? persist(f.node) : null);
		},

		fsync(fd, callback) {
			if (fd === 1 || fd === 2) {
				return callback(null);
			}
			const [f, err] = openFile(fd);
			if (err) {
				return callback(err);
			}
			const perr = f.dirty ? persist(f.node) : null;
			if (!perr) {
				f.dirty = false;
			}
			callback(perr);
		},

		read(fd, buffer, offset, length, position, callback) {
			const [f, err] = openFile(fd);
			if (err) {
				return callback(err);
			}
			if (f.node.dir) {
				return callback(fsError("EISDIR", f.node.path));
			}
			if (!f.readable) {
				return callback(fsError("EBADF"));
			}
			const pos = position === null || position === undefined ? f.pos : Number(position);
			const n = Math.max(0, Math.min(length, f.node.size - pos));
			buffer.set(f.node.data.subarray(pos, pos + n), offset);
			if (position === null || position === undefined) {
				f.pos = pos + n;
			}
			callback(null, n);
		},

		write(fd, buffer, offset, length, position, callback) {
			if (fd === 1 || fd === 2) {
				return callback(null, fs.writeSync(fd, buffer.subarray(offset, offset + length)));
			}
			const [f, err] = openFile(fd);
			if (err) {
				return callback(err);
			}
			if (!f.writable) {
				return callback(fsError("EBADF"));
			}
			const node = f.node;
			let pos = position === null || position === undefined ? f.pos : Number(position);
			if (f.append) {
				pos = node.size;
			}
			grow(node, pos + length);
			if (pos > node.size) {
				node.data.fill(0, node.size, pos);
			}
			node.data.set(buffer.subarray(offset, offset + length), pos);
			node.size = Math.max(node.size, pos + length);
			node.mtime = Date.now();
			f.dirty = true;
			if (position === null || position === undefined) {
				f.pos = pos + length;
			}
			callback(null, length);
		},

		fstat(fd, callback) {
			const [f, err] = openFile(fd);
			if (err) {
				return callback(err);
			}
			callback(null, stats(f.node));
		},

		stat(path, callback) {
			const node = nodes.get(clean(path));
			if (!node) {
				return callback(fsError("ENOENT", path));
			}
			callback(null, stats(node));
		},

		lstat(path, callback) {
			fs.stat(path, callback);
		},

		mkdir(path, perm, callback) {
			path = clean(path);
			if (nodes.has(path)) {
				return callback(fsError("EEXIST", path));
			}
			const [, err] = parentDir(path);
			if (err) {
				return callback(err);
			}
			const node = newDir(path);
			const perr = persist(node);
			if (perr) {
				return callback(perr);
			}
			nodes.set(path, node);
			callback(null);
		},

		readdir(path, callback) {
			path = clean(path);
			const node = nodes.get(path);
			if (!node) {
				return callback(fsError("ENOENT", path));
			}
			if (!node.dir) {
				return callback(fsError("ENOTDIR", path));
			}
			const names = [];
			for (const p of nodes.keys()) {
				if (p !== "/" && parentOf(p) === path) {
					names.push(p.slice(p.lastIndexOf("/") + 1));
				}
			}
			callback(null, names.sort());
		},

		rename(from, to, callback) {
			from = clean(from);
			to = clean(to);
			const node = nodes.get(from);
			if (!node) {
				return callback(fsError("ENOENT", from));
			}
			if (from === to) {
				return callback(null);
			}
			if (node.dir) {
				return callback(fsError("EXDEV", from)); // directories stay where they are
			}
			const [, err] = parentDir(to);
			if (err) {
				return callback(err);
			}
			const old = nodes.get(to);
			if (old && old.dir) {
				return callback(fsError("EISDIR", to));
			}
			const oldPath = node.path;
			node.path = to;
			const perr = persist(node);
			if (perr) {
				node.path = oldPath;
				return callback(perr);
			}
			if (old) {
				old.path = null;
			}
			nodes.set(to, node);
			nodes.delete(from);
			forget(from);
			callback(null);
		},

		unlink(path, callback) {
			path = clean(path);
			const node = nodes.get(path);
			if (!node) {
				return callback(fsError("ENOENT", path));
			}
			if (node.dir) {
				return callback(fsError("EISDIR", path));
			}
			node.path = null;
			nodes.delete(path);
			forget(path);
			callback(null);
		},

		rmdir(path, callback) {
			path = clean(path);
			const node = nodes.get(path);
			if (!node) {
				return callback(fsError("ENOENT", path));
			}
			if (!node.dir) {
				return callback(fsError("ENOTDIR", path));
			}
			for (const p of nodes.keys()) {
				if (p !== path && parentOf(p) === path) {
					return callback(fsError("ENOTEMPTY", path));
				}
			}
			if (path === "/") {
				return callback(fsError("EBUSY", path));
			}
			node.path = null;
			nodes.delete(path);
			forget(path);
			callback(null);
		},

		ftruncate(fd, length, callback) {
			const [f, err] = openFile(fd);
			if (err) {
				return callback(err);
			}
			if (!f.writable) {
				return callback(fsError("EINVAL"));
			}
			callback(truncateNode(f.node, Number(length)));
		},

		truncate(path, length, callback) {
			const node = nodes.get(clean(path));
			if (!node) {
				return callback(fsError("ENOENT", path));
			}
			callback(truncateNode(node, Number(length)));
		},

		utimes(path, atime, mtime, callback) {
			const node = nodes.get(clean(path));
			if (!node) {
				return callback(fsError("ENOENT", path));
			}
			node.mtime = Number(mtime) * 1000;
			callback(persist(node));
		},

		// Permissions and owners mean nothing here: accepted, not kept.
		chmod(path, mode, callback) { fs.stat(path, (err) => callback(err)); },
		fchmod(fd, mode, callback) { fs.fstat(fd, (err) => callback(err)); },
		chown(path, uid, gid, callback) { fs.stat(path, (err) => callback(err)); },
		fchown(fd, uid, gid, callback) { fs.fstat(fd, (err) => callback(err)); },
		lchown(path, uid, gid, callback) { fs.stat(path, (err) => callback(err)); },

		// No links.
		link(path, link, callback) { callback(fsError("EPERM", link)); },
		symlink(path, link, callback) { callback(fsError("EPERM", link)); },
		readlink(path, callback) { callback(fsError("EINVAL", path)); },
	};
	globalThis.fs = fs;
})();
