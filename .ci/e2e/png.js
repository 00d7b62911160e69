// A small PNG reader for the browser test's screenshots (8-bit RGB or RGBA,
// not interlaced: what Chromium writes), so that the test can look at
// pixels without a dependency.
"use strict";
const zlib = require("zlib");

// decodePNG returns {width, height, rgba} with 4 bytes a pixel.
function decodePNG(buf) {
	const signature = "89504e470d0a1a0a";
	if (buf.subarray(0, 8).toString("hex") !== signature) {
		throw new Error("png: not a PNG file");
	}
	let width = 0, height = 0, channels = 0;
	const idat = [];
	for (let off = 8; off < buf.length;) {
		const len = buf.readUInt32BE(off);
		const type = buf.toString("latin1", off + 4, off + 8);
		const data = buf.subarray(off + 8, off + 8 + len);
		if (type === "IHDR") {
			width = data.readUInt32BE(0);
			height = data.readUInt32BE(4);
			const depth = data[8], color = data[9], interlace = data[12];
			if (depth !== 8 || (color !== 2 && color !== 6) || interlace !== 0) {
				throw new Error(`png: unsupported format (depth ${depth}, colour type ${color}, interlace ${interlace})`);
			}
			channels = color === 6 ? 4 : 3;
		} else if (type === "IDAT") {
			idat.push(data);
		} else if (type === "IEND") {
			break;
		}
		off += 12 + len;
	}
	const raw = zlib.inflateSync(Buffer.concat(idat));
	const stride = width * channels;
	const out = Buffer.alloc(width * height * 4);
	let prev = Buffer.alloc(stride);
	for (let y = 0; y < height; y++) {
		const filter = raw[y * (stride + 1)];
		const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
		for (let i = 0; i < stride; i++) {
			const a = i >= channels ? line[i - channels] : 0;
			const b = prev[i];
			const c = i >= channels ? prev[i - channels] : 0;
			let v = line[i];
			switch (filter) {
			case 0: break;
			case 1: v += a; break;
			case 2: v += b; break;
			case 3: v += (a + b) >> 1; break;
			case 4: {
				const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
				v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
				break;
			}
			default: throw new Error(`png: bad filter ${filter} on line ${y}`);
			}
			line[i] = v & 0xff;
		}
		for (let x = 0; x < width; x++) {
			const o = (y * width + x) * 4;
			out[o] = line[x * channels];
			out[o + 1] = line[x * channels + 1];
			out[o + 2] = line[x * channels + 2];
			out[o + 3] = channels === 4 ? line[x * channels + 3] : 255;
		}
		prev = line;
	}
	return { width, height, rgba: out };
}

module.exports = { decodePNG };
