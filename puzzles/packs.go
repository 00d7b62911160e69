package puzzles

import (
	"embed"
	"io/fs"
	"path"
	"sort"
)

//go:embed packs/*.toml
var bundled embed.FS

// Bundled loads every pack shipped with the product (packs/*.toml), in
// file-name order. The bundled packs are verified by the package tests, so
// errors here mean a broken build.
func Bundled() ([]*Pack, []error) {
	names, err := fs.Glob(bundled, "packs/*.toml")
	if err != nil {
		return nil, []error{err}
	}
	sort.Strings(names)
	var packs []*Pack
	var errs []error
	for _, name := range names {
		data, err := bundled.ReadFile(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		pk, es := Load(path.Base(name), data)
		errs = append(errs, es...)
		if pk != nil {
			packs = append(packs, pk)
		}
	}
	return packs, errs
}
