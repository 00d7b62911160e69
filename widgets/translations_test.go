package widgets_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/checkerstutor/checkers/widgets"
)

// usedKey is a translation key the widgets code passes to fyne/lang, and
// whether it is a plural (lang.N, lang.XN).
type usedKey struct {
	key    string
	plural bool
	where  string
}

// usedKeys parses widgets/*.go (not the tests) and returns the literal
// keys of every lang.L, lang.X, lang.N and lang.XN call. A call whose key
// is not a literal is reported as an error: every text must be findable.
func usedKeys(t *testing.T) map[string]usedKey {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	keys := map[string]usedKey{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "lang" {
				return true
			}
			fn := sel.Sel.Name
			switch fn {
			case "L", "X", "N", "XN", "Localize", "LocalizeKey", "LocalizePlural", "LocalizePluralKey":
			default:
				return true
			}
			pos := fset.Position(call.Pos()).String()
			if len(call.Args) == 0 {
				t.Errorf("%s: lang.%s without a key", pos, fn)
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Errorf("%s: lang.%s with a key that is not a string literal: the key tests cannot see it", pos, fn)
				return true
			}
			key, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			plural := fn == "N" || fn == "XN" || fn == "LocalizePlural" || fn == "LocalizePluralKey"
			if old, ok := keys[key]; ok && old.plural != plural {
				t.Errorf("%s: key %q is used both as a plural and not (also at %s)", pos, key, old.where)
			}
			keys[key] = usedKey{key: key, plural: plural, where: pos}
			return true
		})
	}
	return keys
}

// readTranslations reads translations/<code>.json as fyne/lang reads it:
// a key maps to a string, or to plural forms.
func readTranslations(t *testing.T, code string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("translations", code+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s.json: %v", code, err)
	}
	return m
}

// placeholders returns the sorted {{.Name}} fields of a template text.
func placeholders(s string) []string {
	var out []string
	for {
		i := strings.Index(s, "{{.")
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			break
		}
		out = append(out, s[i+3:i+j])
		s = s[i+j+2:]
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// TestTranslations_EveryKeyInEveryLanguage fails when a key the code uses
// has no text in one of the translation files, when a file has a key
// nobody uses (Fyne's own words, widgets.FyneKeys, excepted), when a
// plural key lacks its "one" or "other" form, or when a translation
// drops or invents a {{.Placeholder}}.
func TestTranslations_EveryKeyInEveryLanguage(t *testing.T) {
	used := usedKeys(t)
	if len(used) < 100 {
		t.Fatalf("found only %d keys in widgets/*.go: the parser misses calls", len(used))
	}
	langs := widgets.Languages()
	for _, want := range []string{"en", "nl", "de"} {
		if !slices.Contains(langs, want) {
			t.Fatalf("Languages() = %v, want %s among them", langs, want)
		}
	}
	for _, code := range langs {
		msgs := readTranslations(t, code)
		for key, u := range used {
			v, ok := msgs[key]
			if !ok {
				t.Errorf("%s.json has no %q (used at %s)", code, key, u.where)
				continue
			}
			var forms []string
			switch x := v.(type) {
			case string:
				if u.plural {
					t.Errorf("%s.json: %q is a plural (lang.N at %s) and needs \"one\" and \"other\" forms", code, key, u.where)
				}
				forms = []string{x}
			case map[string]any:
				if !u.plural {
					t.Errorf("%s.json: %q has plural forms but is used as lang.L at %s", code, key, u.where)
				}
				for _, f := range []string{"one", "other"} {
					s, ok := x[f].(string)
					if !ok || s == "" {
						t.Errorf("%s.json: %q has no %q form", code, key, f)
					}
					forms = append(forms, s)
				}
			default:
				t.Errorf("%s.json: %q is neither a text nor plural forms", code, key)
				continue
			}
			want := placeholders(key)
			for _, s := range forms {
				if strings.TrimSpace(s) == "" {
					t.Errorf("%s.json: %q is empty", code, key)
				}
				got := placeholders(s)
				// a singular may write the count as a word
				if u.plural && len(got) < len(want) {
					continue
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s.json: %q has placeholders %v, the key has %v", code, key, got, want)
				}
			}
		}
		for key := range msgs {
			if _, ok := used[key]; !ok && !slices.Contains(widgets.FyneKeys, key) {
				t.Errorf("%s.json has %q, which widgets/*.go does not use", code, key)
			}
		}
		for _, key := range widgets.FyneKeys {
			if _, ok := msgs[key]; !ok {
				t.Errorf("%s.json has no text for Fyne's %q", code, key)
			}
		}
	}
}
