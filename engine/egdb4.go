package engine

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// The four-piece tables shipped in the binary (egdb4.bin for English,
// egdb4ru.bin for Russian): the value bytes
// of every class of 2 to 4 pieces, exactly as BuildEndgameDB leaves them,
// so that a command answering one position does not spend seconds
// building the database first. Layout:
//
//	"CTEG4" 0x01             magic and format version ("CTRU4" 0x01: Russian)
//	uint32 little-endian     number of value bytes
//	uint32 little-endian     CRC-32 (IEEE) of the value bytes
//	flate stream             the value bytes of each class in egClassOrder
//	                         order (2, 3, then 4 pieces), White to move
//	                         then Black to move
//
// The default test run compares the table with a fresh build, byte for
// byte, so it cannot drift from the move generator;
// "go test ./engine -run TestEndgameFourWrite -args -egdb4.write" writes it
// again.

// eg4Magic is the magic of the four-piece table of variant v.
func eg4Magic(v *Variant) []byte { return []byte(egWLDMagic(v, 4)) }

// encodeEg4 writes the table of a database built for 4 pieces.
func encodeEg4(db *EndgameDB) ([]byte, error) {
	if db.maxPieces != 4 {
		return nil, fmt.Errorf("endgame database: the four-piece table needs a database built for 4 pieces")
	}
	eg4Magic := eg4Magic(db.v)
	var raw bytes.Buffer
	for _, c := range db.order {
		raw.Write(c.data)
	}
	var out bytes.Buffer
	out.Write(eg4Magic)
	var head [8]byte
	binary.LittleEndian.PutUint32(head[0:], uint32(raw.Len()))
	binary.LittleEndian.PutUint32(head[4:], crc32.ChecksumIEEE(raw.Bytes()))
	out.Write(head[:])
	w, err := flate.NewWriter(&out, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(raw.Bytes()); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// errEg4 wraps what is wrong with a four-piece table.
var errEg4 = errors.New("endgame database: bad four-piece table")

// loadEg4 reads a four-piece table of variant v into a database of 2 to 4
// pieces.
func loadEg4(v *Variant, file []byte) (*EndgameDB, error) {
	eg4Magic := eg4Magic(v)
	n := len(eg4Magic)
	if len(file) < n+8 || !bytes.Equal(file[:n], eg4Magic) {
		return nil, fmt.Errorf("%w: it does not start with %q", errEg4, eg4Magic)
	}
	size := int(binary.LittleEndian.Uint32(file[n:]))
	sum := binary.LittleEndian.Uint32(file[n+4:])
	db := &EndgameDB{v: v, maxPieces: 4}
	want := 0
	db.addClasses(func(c *egClass) error { want += 2 * c.n; return nil })
	if size != want {
		return nil, fmt.Errorf("%w: it holds %d values, the classes of 2-4 pieces have %d", errEg4, size, want)
	}
	raw := make([]byte, size)
	r := flate.NewReader(bytes.NewReader(file[n+8:]))
	if _, err := io.ReadFull(r, raw); err != nil {
		return nil, fmt.Errorf("%w: %v", errEg4, err)
	}
	if got := crc32.ChecksumIEEE(raw); got != sum {
		return nil, fmt.Errorf("%w: checksum %08x, want %08x", errEg4, got, sum)
	}
	for _, c := range db.order {
		c.data, raw = raw[:2*c.n:2*c.n], raw[2*c.n:] // counts: Classes, on demand
	}
	return db, nil
}
