package board

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoGameIsNamedOutsideBoard checks the promise of docs/new-game.md: outside
// board/ no program code chooses by a game, so a new game needs no edit there. It
// parses every non-test Go file of the module outside board/ and fails on a switch
// case or an (in)equality that compares with a game's VariantID constant or its
// protocol name.
func TestNoGameIsNamedOutsideBoard(t *testing.T) {
	ids := variantConstants(t)
	names := map[string]bool{}
	for _, v := range Variants() {
		names[v.Name] = true
	}
	// names a game: board.<ID constant> or a string literal with a game's name.
	namesGame := func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.SelectorExpr:
			x, ok := e.X.(*ast.Ident)
			return ok && x.Name == "board" && ids[e.Sel.Name]
		case *ast.BasicLit:
			s, err := strconv.Unquote(e.Value)
			return e.Kind == token.STRING && err == nil && names[s]
		}
		return false
	}
	files := 0
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "board" && filepath.Dir(path) == root ||
				strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			var found ast.Expr
			switch n := n.(type) {
			case *ast.CaseClause:
				for _, e := range n.List {
					if namesGame(e) {
						found = e
					}
				}
			case *ast.BinaryExpr:
				if (n.Op == token.EQL || n.Op == token.NEQ) && (namesGame(n.X) || namesGame(n.Y)) {
					found = n
				}
			}
			if found != nil {
				t.Errorf("%s: chooses by a game; per-game behaviour belongs in board/ or the game's profile",
					fset.Position(found.Pos()))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("read only %d files outside board/: the walk is broken", files)
	}
}

// variantConstants reads the names of the VariantID constants from variant.go.
func variantConstants(t *testing.T) map[string]bool {
	f, err := parser.ParseFile(token.NewFileSet(), "variant.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		// The block that starts "JeKiNJe VariantID = iota" lists the games.
		d, ok := n.(*ast.GenDecl)
		if !ok || d.Tok != token.CONST {
			return true
		}
		first := d.Specs[0].(*ast.ValueSpec)
		if typ, ok := first.Type.(*ast.Ident); !ok || typ.Name != "VariantID" || len(first.Values) != 1 {
			return true
		}
		if iota, ok := first.Values[0].(*ast.Ident); !ok || iota.Name != "iota" {
			return true
		}
		for _, s := range d.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				if n.Name != "numBuiltins" {
					ids[n.Name] = true
				}
			}
		}
		return true
	})
	if len(ids) != int(numBuiltins) {
		t.Fatalf("found the constants %v in variant.go, want %d", ids, numBuiltins)
	}
	return ids
}
