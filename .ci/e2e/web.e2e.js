// The browser test of the web build: `node web.e2e.js WASM_DIR OUT_DIR`
// (make e2e builds WASM_DIR first). For a phone (360x640, touch) and a
// desktop (1280x800, mouse) it starts Debian's Chromium headless with a
// fresh profile, opens the app, taps "Continue where you left off", plays
// the first move of the first lesson ("The board and the pieces": 9-13)
// on the board, checks the green feedback, the layout (board on top in
// portrait, on the left in landscape) and the size of the touch targets,
// then reloads the page and checks that the progress was kept in
// localStorage and read back. Any console error, uncaught exception or Go
// panic fails it. Screenshots go to OUT_DIR.
//
// Fyne draws everything on one canvas, so the test finds things by their
// colours in screenshots: the board's dark squares and the app's primary
// buttons share one green, the success feedback has its own pale green.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { chromium } = require("playwright-core");
const { serve } = require("./serve.js");
const { decodePNG } = require("./png.js");

const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
// The flags that make Debian's Chromium render the app headless (WebGL on
// SwiftShader) without reaching out to the network.
const chromiumFlags = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader",
	"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
	"--disable-quic"];

const sizes = [
	{ name: "phone", width: 360, height: 640, touch: true },
	{ name: "desktop", width: 1280, height: 800, touch: false },
];

// The first load compiles 40 MB of WebAssembly on two busy cores.
const startTimeout = 240e3;
const stepTimeout = 30e3;

// Colours of the light theme (widgets/apptheme.go, widgets/theme.go).
const green = [63, 125, 78]; // dark squares of the classic board, primary buttons
const lightSquare = [241, 226, 184];
const successFill = [208, 224, 202]; // the feedback panel after a good move
const minTouch = 44;

// Problems found; the test fails when there is any.
const problems = [];
function check(ok, what) {
	if (!ok) {
		problems.push(what);
		console.log("FAIL " + what);
	}
	return ok;
}

function near(img, x, y, colour, tolerance = 10) {
	const o = (y * img.width + x) * 4;
	return Math.abs(img.rgba[o] - colour[0]) <= tolerance && Math.abs(img.rgba[o + 1] - colour[1]) <= tolerance &&
		Math.abs(img.rgba[o + 2] - colour[2]) <= tolerance;
}

function count(img, colour, box = { x0: 0, y0: 0, x1: img.width - 1, y1: img.height - 1 }) {
	let n = 0;
	for (let y = box.y0; y <= box.y1; y++) {
		for (let x = box.x0; x <= box.x1; x++) {
			n += near(img, x, y, colour) ? 1 : 0;
		}
	}
	return n;
}

// The longest run of a colour on row y: {x0, x1, len}.
function longestRun(img, colour, y) {
	let best = { len: 0 }, start = -1;
	for (let x = 0; x <= img.width; x++) {
		if (x < img.width && near(img, x, y, colour)) {
			if (start < 0) {
				start = x;
			}
		} else if (start >= 0) {
			if (x - start > best.len) {
				best = { x0: start, x1: x - 1, len: x - start };
			}
			start = -1;
		}
	}
	return best;
}

// barAround measures a button whose fill has row y's run: its height
// along a column near its left end (away from the label in the middle),
// counting the anti-aliased edge rows that are nearer the fill than the
// background.
function barAround(img, colour, y, run) {
	const col = run.x0 + Math.max(2, Math.floor(run.len / 16));
	let top = y, bottom = y;
	while (top > 0 && near(img, col, top - 1, colour, 40)) {
		top--;
	}
	while (bottom + 1 < img.height && near(img, col, bottom + 1, colour, 40)) {
		bottom++;
	}
	return { x0: run.x0, x1: run.x1, y0: top, y1: bottom, width: run.len, height: bottom - top + 1 };
}

// widestBar finds the widest horizontal bar of a colour at least minWidth
// wide (the home screen's Continue button).
function widestBar(img, colour, minWidth) {
	let best = { len: 0 }, at = -1;
	for (let y = 0; y < img.height; y++) {
		const run = longestRun(img, colour, y);
		if (run.len > best.len) {
			best = run;
			at = y;
		}
	}
	return best.len >= minWidth ? barAround(img, colour, at, best) : null;
}

// lowestBar finds the lowest horizontal bar of a colour at least minWidth
// wide (the lesson's bottom button).
function lowestBar(img, colour, minWidth) {
	for (let y = img.height - 1; y >= 0; y--) {
		const run = longestRun(img, colour, y);
		if (run.len >= minWidth) {
			return barAround(img, colour, y, run);
		}
	}
	return null;
}

// findBoard finds the 8x8 board in the starting position. Rows of pixels
// crossing an empty rank of the board (13-16 or 17-20) hold four green
// runs of one length L, 2L apart: they give the square size and where the
// columns are. The board's place is then the one where every light square
// is light and every dark square of the two empty ranks green (sampled away
// from the number in their top-left corner); other green things on the
// screen (buttons, the goal's text) match no such grid. It returns null
// when there is no board.
function findBoard(img) {
	const candidates = new Map();
	for (let y = 0; y < img.height; y++) {
		const runs = [];
		let start = -1;
		for (let x = 0; x <= img.width; x++) {
			if (x < img.width && near(img, x, y, green)) {
				if (start < 0) {
					start = x;
				}
			} else if (start >= 0) {
				if (x - start >= 16) {
					runs.push({ x0: start, len: x - start });
				}
				start = -1;
			}
		}
		for (let i = 0; i + 4 <= runs.length; i++) {
			const four = runs.slice(i, i + 4);
			const size = (four[3].x0 - four[0].x0) / 6;
			if (four.every((r, j) => Math.abs(r.len - size) <= 2 && Math.abs(r.x0 - four[0].x0 - 2 * j * size) <= 2)) {
				// The first run is column 0 or column 1.
				for (const left of [four[0].x0, four[0].x0 - size]) {
					candidates.set(`${Math.round(left)}:${size.toFixed(1)}`, { left, size });
				}
			}
		}
	}
	for (const { left, size } of candidates.values()) {
		if (left < 0 || left + 8 * size > img.width) {
			continue;
		}
		const fits = [];
		for (let top = 0; top + 8 * size <= img.height; top++) {
			if (gridFits(img, { x0: left, y0: top, size })) {
				fits.push(top);
			}
		}
		if (fits.length > 0) {
			const top = fits[fits.length >> 1];
			return { x0: Math.round(left), y0: top, x1: Math.round(left + 8 * size) - 1, y1: Math.round(top + 8 * size) - 1, size };
		}
	}
	return null;
}

// gridFits checks the squares of a board placed at board.x0, y0 with
// squares of board.size: light squares light at five points, the dark
// squares of ranks 4 and 5 (13-20, empty at the start) green at three
// points of their lower right part.
function gridFits(img, board) {
	const s = board.size;
	for (let r = 0; r < 8; r++) {
		for (let c = 0; c < 8; c++) {
			let points, colour;
			if ((r + c) % 2 === 0) {
				points = [[0.5, 0.5], [0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8]];
				colour = lightSquare;
			} else if (r === 3 || r === 4) {
				points = [[0.5, 0.5], [0.8, 0.8], [0.5, 0.85]];
				colour = green;
			} else {
				continue;
			}
			for (const [fx, fy] of points) {
				if (!near(img, Math.round(board.x0 + (c + fx) * s), Math.round(board.y0 + (r + fy) * s), colour)) {
					return false;
				}
			}
		}
	}
	return true;
}

function cellCentre(board, r, c) {
	return { x: Math.round(board.x0 + (c + 0.5) * board.size), y: Math.round(board.y0 + (r + 0.5) * board.size) };
}

// squareCentre is where square n (1..32, English numbering, square 1 at
// the top: the learner plays Black, who moves first, from the top) is.
function squareCentre(board, n) {
	const r = Math.floor((n - 1) / 4);
	const i = (n - 1) % 4;
	return cellCentre(board, r, r % 2 === 0 ? 2 * i + 1 : 2 * i);
}

async function shot(page, file) {
	const png = await page.screenshot(file ? { path: file } : {});
	return decodePNG(png);
}

// waitFor takes screenshots until found(img) gives a value, and returns
// it with the screenshot; it throws after timeout.
async function waitFor(page, what, timeout, found) {
	const deadline = Date.now() + timeout;
	for (;;) {
		// While the page compiles the WebAssembly it may not answer a
		// screenshot in time: that is waiting too.
		let img = null;
		try {
			img = decodePNG(await page.screenshot({ timeout: Math.max(1000, deadline - Date.now()) }));
		} catch (err) {
			if (!/Timeout/.test(err.message) || Date.now() > deadline) {
				throw err;
			}
		}
		const value = img && found(img);
		if (value) {
			return { img, value };
		}
		if (Date.now() > deadline) {
			throw new Error(`timed out after ${timeout / 1000} s waiting for ${what}`);
		}
		await page.waitForTimeout(250);
	}
}

function differs(a, b, box) {
	let n = 0;
	for (let y = box.y0; y <= box.y1; y++) {
		for (let x = box.x0; x <= box.x1; x++) {
			const o = (y * a.width + x) * 4;
			if (Math.abs(a.rgba[o] - b.rgba[o]) + Math.abs(a.rgba[o + 1] - b.rgba[o + 1]) + Math.abs(a.rgba[o + 2] - b.rgba[o + 2]) > 30) {
				n++;
			}
		}
	}
	return n;
}

async function press(page, size, x, y) {
	if (size.touch) {
		await page.touchscreen.tap(x, y);
	} else {
		await page.mouse.click(x, y);
	}
}

function homeReady(minButton) {
	return (img) => widestBar(img, green, minButton);
}

// progressStored reads the progress file that localfs.js keeps in
// localStorage.
async function progressStored(page) {
	return page.evaluate(() => {
		const raw = localStorage.getItem("checkers-tutor-fs:/fyne/progress.json");
		if (raw === null) {
			return null;
		}
		const bytes = Uint8Array.from(atob(JSON.parse(raw).b), (ch) => ch.charCodeAt(0));
		return JSON.parse(new TextDecoder().decode(bytes));
	});
}

async function runSize(url, size, out) {
	console.log(`--- ${size.name} ${size.width}x${size.height}`);
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), "checkers-e2e-"));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: chromiumPath, headless: true, args: chromiumFlags,
		viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1,
		hasTouch: size.touch, colorScheme: "light", locale: "en-US",
	});
	const where = size.name;
	try {
		const page = context.pages()[0] || await context.newPage();
		page.on("console", (msg) => {
			const text = msg.text();
			if (msg.type() === "error") {
				check(false, `${where}: console error: ${text}`);
			} else if (/^panic: |fatal error: |Error in Fyne call thread|Fyne error: /m.test(text)) {
				check(false, `${where}: the app logged: ${text}`);
			} else if (msg.type() === "log" || msg.type() === "warning") {
				if (!/GPU stall due to ReadPixels/.test(text)) {
					console.log(`  [${msg.type()}] ${text}`);
				}
			}
		});
		page.on("pageerror", (err) => check(false, `${where}: uncaught exception: ${err.message}`));
		page.on("crash", () => check(false, `${where}: the page crashed`));

		const t0 = Date.now();
		await page.goto(url);
		const minButton = 200; // wider than anything green on the home screen but the button
		const home = await waitFor(page, "the home screen", startTimeout, homeReady(minButton));
		console.log(`  home screen after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
		const homeFresh = await shot(page, path.join(out, `${where}-home.png`));
		const cont = home.value;
		check(cont.height >= minTouch, `${where}: the Continue button is ${cont.height} px high, less than ${minTouch}`);

		// Continue opens the first lesson.
		await press(page, size, (cont.x0 + cont.x1) >> 1, (cont.y0 + cont.y1) >> 1);
		const lesson = await waitFor(page, "the lesson's board", stepTimeout, findBoard);
		const board = lesson.value;
		await shot(page, path.join(out, `${where}-lesson.png`));
		console.log(`  board at x ${board.x0}..${board.x1}, y ${board.y0}..${board.y1}, squares ${board.size.toFixed(1)} px`);
		if (size.width < size.height) {
			check(board.y0 < size.height * 0.2 && board.x1 - board.x0 + 1 >= size.width * 0.85,
				`${where}: the board is not on top across the width in portrait`);
			check(count(lesson.img, green, { x0: 0, y0: board.y1 + 1, x1: size.width - 1, y1: size.height - 1 }) <
				board.size * board.size, `${where}: the board goes on below its box`);
		} else {
			check(board.x1 < size.width * 0.6 && board.y1 - board.y0 + 1 >= size.height * 0.6,
				`${where}: the board is not on the left in landscape`);
		}
		// 8 squares across 360 px leave at most 45 px a square; the board's
		// frame thins at narrow widths so that a square stays a 44 px target
		// (a quarter pixel allowed for the detection's rounding).
		check(board.size >= minTouch - 0.25, `${where}: board squares are ${board.size.toFixed(1)} px, less than ${minTouch}`);

		// The first move: 9-13.
		const from = squareCentre(board, 9);
		const to = squareCentre(board, 13);
		const before = lesson.img;
		await press(page, size, from.x, from.y);
		const half = Math.floor(board.size / 2) - 1;
		await waitFor(page, "square 9 to show it is selected", stepTimeout, (img) =>
			differs(before, img, { x0: from.x - half, y0: from.y - half, x1: from.x + half, y1: from.y + half }) > 20);
		await press(page, size, to.x, to.y);
		const done = await waitFor(page, "the green feedback of a good move", stepTimeout,
			(img) => count(img, successFill) > 3000);
		await shot(page, path.join(out, `${where}-lesson-done.png`));
		check(count(before, successFill) < 500, `${where}: the success colour was there before the move`);
		// The Finish button, the lowest one, lights up in the primary green.
		const finish = lowestBar(done.img, green, minTouch);
		if (check(finish !== null, `${where}: no primary button after the move`)) {
			console.log(`  Finish button ${finish.width}x${finish.height} px at y ${finish.y0}`);
			check(finish.height >= minTouch && finish.width >= minTouch,
				`${where}: the Finish button is ${finish.width}x${finish.height} px, less than ${minTouch}`);
		}

		// The progress is in localStorage, and read back after a reload.
		const stored = await progressStored(page);
		const record = stored && stored.lessons && Object.entries(stored.lessons).find(([k]) => k.includes("board"));
		check(record && record[1].steps && record[1].steps[0] && record[1].steps[0].done,
			`${where}: localStorage holds no finished first step: ${JSON.stringify(stored && stored.lessons)}`);
		await page.reload();
		await waitFor(page, "the home screen after a reload", startTimeout, homeReady(minButton));
		const homeAgain = await shot(page, path.join(out, `${where}-home-reloaded.png`));
		const changed = differs(homeFresh, homeAgain, { x0: 0, y0: cont.y1 + 1, x1: size.width - 1, y1: size.height - 1 });
		check(changed > 50, `${where}: the home screen after a reload looks as for a new learner (${changed} pixels differ)`);
	} catch (err) {
		check(false, `${where}: ${err.message}`);
		try {
			await context.pages()[0].screenshot({ path: path.join(out, `${where}-failure.png`) });
		} catch (e) {
			// the page is gone
		}
	} finally {
		await context.close();
		fs.rmSync(profile, { recursive: true, force: true });
	}
}

async function main() {
	const [wasmDir, outDir] = process.argv.slice(2);
	if (!wasmDir || !outDir) {
		console.error("usage: node web.e2e.js WASM_DIR OUT_DIR");
		process.exit(2);
	}
	if (!fs.existsSync(path.join(wasmDir, "index.html"))) {
		console.error(`web.e2e.js: ${wasmDir}/index.html is missing: run make web`);
		process.exit(2);
	}
	if (!fs.existsSync(chromiumPath)) {
		console.error(`web.e2e.js: no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM)`);
		process.exit(2);
	}
	fs.mkdirSync(outDir, { recursive: true });
	const server = await serve(wasmDir);
	const url = `http://127.0.0.1:${server.address().port}/`;
	const start = Date.now();
	try {
		for (const size of sizes) {
			await runSize(url, size, outDir);
		}
	} finally {
		server.close();
	}
	console.log(`browser test: ${((Date.now() - start) / 1000).toFixed(0)} s, screenshots in ${outDir}`);
	if (problems.length > 0) {
		console.log(`browser test FAILED (${problems.length}):\n  ` + problems.join("\n  "));
		process.exit(1);
	}
	console.log("browser test passed");
}

main().catch((err) => {
	console.error(err);
	process.exit(1);
});
