// A static file server for the browser build: `node serve.js DIR [PORT]`
// serves DIR at http://localhost:PORT/ (make serve), and the browser test
// requires it. WebAssembly needs the application/wasm type to be streamed;
// nothing is cached, so a reload always gets the latest build.
"use strict";
const http = require("http");
const fs = require("fs");
const path = require("path");

const types = {
	".html": "text/html; charset=utf-8",
	".js": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".png": "image/png",
	".gif": "image/gif",
	".svg": "image/svg+xml",
	".json": "application/json",
};

// serve starts serving root on host:port (port 0: any free port) and
// resolves to the server once it listens.
function serve(root, port = 0, host = "127.0.0.1") {
	root = path.resolve(root);
	const server = http.createServer((req, res) => {
		let name;
		try {
			name = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
		} catch (e) {
			res.writeHead(400).end("bad path\n");
			return;
		}
		if (name.endsWith("/")) {
			name += "index.html";
		}
		const file = path.join(root, path.normalize(name));
		if (file !== root && !file.startsWith(root + path.sep)) {
			res.writeHead(403).end("outside the served folder\n");
			return;
		}
		fs.stat(file, (err, st) => {
			if (err || !st.isFile()) {
				res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
				return;
			}
			res.writeHead(200, {
				"Content-Type": types[path.extname(file).toLowerCase()] || "application/octet-stream",
				"Content-Length": st.size,
				"Cache-Control": "no-store",
			});
			if (req.method === "HEAD") {
				res.end();
				return;
			}
			fs.createReadStream(file).pipe(res);
		});
	});
	return new Promise((resolve, reject) => {
		server.once("error", reject);
		server.listen(port, host, () => resolve(server));
	});
}

module.exports = { serve };

if (require.main === module) {
	const [dir, port = "8080"] = process.argv.slice(2);
	if (!dir) {
		console.error("usage: node serve.js DIR [PORT]");
		process.exit(2);
	}
	serve(dir, Number(port), "localhost").then((server) => {
		console.log(`serving ${dir} at http://localhost:${server.address().port}/ (Ctrl-C stops)`);
	}, (err) => {
		console.error(`serve: ${err.message}`);
		process.exit(1);
	});
}
