// Package gui is the browser front-end: an HTTP server on 127.0.0.1 that serves an
// embedded page (plain HTML, CSS and JavaScript) and drives one engine process per
// open game through the protocol client. The rules stay in board: the page gets legal
// moves, counts, move traces and results from the server and only draws them.
package gui

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"reflect"
	"strings"
	"sync"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/search/words"
	"mancala/tablebase"
)

//go:embed static
var static embed.FS

// Config is how the server runs. Zero fields take the defaults of NewServer.
type Config struct {
	Engine    []string // engine command and arguments, fixed for the server's life
	EngineEnv []string // extra environment for engine processes (KEY=VALUE)
	// EngineOptions are set on every engine process after the handshake.
	EngineOptions []client.Option
	MaxEngines    int           // engine processes running at once (one per game)
	MoveTime      time.Duration // default thinking time per engine move
	GoneAfter     time.Duration // a game whose page has been gone this long is closed
	EngineIdle    time.Duration // an engine process unused this long is ended
	HangGrace     time.Duration // an engine that overruns its time (or stop) by this much is restarted
	Log           io.Writer     // server messages (nil: discarded)
	// Tablebases is a directory of endgame tables (tablebase.Open): positions they
	// hold get each move's exact value, and game review's losses there are exact.
	Tablebases string
}

// Server serves the page and its games.
type Server struct {
	cfg   Config
	slots chan struct{}

	mu     sync.Mutex
	games  map[string]*session
	tables map[string]*tablebase.Table // by game name, opened when first needed (nil: none)

	probeDone chan struct{}
	probe     engineInfo
}

// engineInfo is what the page needs to know about the engine's options.
type engineInfo struct {
	Name     string   `json:"name"`
	Error    string   `json:"error,omitempty"`
	Level    *spin    `json:"level,omitempty"` // a Level spin option, if announced
	Skill    []string `json:"skill,omitempty"` // else the Skill combo's values
	SkillDef string   `json:"skillDefault,omitempty"`
	MultiPV  int      `json:"multipv"` // the MultiPV maximum (0: not supported)
	WDL      bool     `json:"wdl"`     // the engine offers UCI_ShowWDL: its lines carry chances
	// LevelWords describe each Level of this project's engine (words.Level),
	// by level; absent for another engine, whose levels the page cannot describe.
	LevelWords map[int]string `json:"levelWords,omitempty"`
}

type spin struct {
	Min     int `json:"min"`
	Max     int `json:"max"`
	Default int `json:"default"`
}

// NewServer makes a server and starts asking the engine which options it has.
func NewServer(cfg Config) *Server {
	if cfg.MaxEngines <= 0 {
		cfg.MaxEngines = 4
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = time.Second
	}
	if cfg.GoneAfter <= 0 {
		cfg.GoneAfter = 30 * time.Second
	}
	if cfg.EngineIdle <= 0 {
		cfg.EngineIdle = 2 * time.Minute
	}
	if cfg.HangGrace <= 0 {
		cfg.HangGrace = 5 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	s := &Server{cfg: cfg, slots: make(chan struct{}, cfg.MaxEngines), games: map[string]*session{}, tables: map[string]*tablebase.Table{},
		probeDone: make(chan struct{})}
	go s.probeEngine()
	return s
}

// probeEngine starts the engine once to read its name and options.
func (s *Server) probeEngine() {
	defer close(s.probeDone)
	e, err := s.startEngine()
	if err != nil {
		s.probe.Error = err.Error()
		return
	}
	defer e.Close(time.Second)
	if err := e.Handshake(context.Background(), 10*time.Second); err != nil {
		s.probe.Error = err.Error()
		return
	}
	s.probe = readOptions(e.IDName, e.Declared)
}

// readOptions picks what the page offers from the engine's declared options: a
// Level spin option if there is one, else the Skill combo, and the MultiPV maximum.
func readOptions(name string, declared []client.OptionSpec) engineInfo {
	ei := engineInfo{Name: name}
	for _, o := range declared {
		switch {
		case o.Name == "Level" && o.Type == "spin":
			var sp spin
			if _, err := fmt.Sscan(o.Min, &sp.Min); err != nil {
				continue
			}
			if _, err := fmt.Sscan(o.Max, &sp.Max); err != nil || sp.Max < sp.Min {
				continue
			}
			if _, err := fmt.Sscan(o.Default, &sp.Default); err != nil || sp.Default < sp.Min || sp.Default > sp.Max {
				sp.Default = sp.Max
			}
			ei.Level = &sp
		case o.Name == "Skill" && o.Type == "combo":
			ei.Skill = o.Vars
			ei.SkillDef = o.Default
		case o.Name == "MultiPV" && o.Type == "spin":
			fmt.Sscan(o.Max, &ei.MultiPV)
		case o.Name == "UCI_ShowWDL" && o.Type == "check":
			ei.WDL = true
		}
	}
	if ei.Level != nil {
		ei.Skill, ei.SkillDef = nil, ""
		if strings.HasPrefix(name, "mancala") {
			ei.LevelWords = map[int]string{}
			for l := ei.Level.Min; l <= ei.Level.Max; l++ {
				if w := words.Level(l); w != "" {
					ei.LevelWords[l] = w
				}
			}
		}
	}
	return ei
}

// engineInfo waits (a little) for the probe and returns what it found.
func (s *Server) engineInfo() engineInfo {
	select {
	case <-s.probeDone:
		return s.probe
	case <-time.After(15 * time.Second):
		return engineInfo{Error: "the engine has not answered uci yet"}
	}
}

// startEngine starts one engine process (not yet handshaken).
func (s *Server) startEngine() (*client.Engine, error) {
	if len(s.cfg.Engine) == 0 {
		return nil, errors.New("no engine command")
	}
	return client.Start(client.Config{Name: "engine", Path: s.cfg.Engine[0], Args: s.cfg.Engine[1:],
		Env: s.cfg.EngineEnv, Stderr: s.cfg.Log, Options: s.cfg.EngineOptions})
}

func (s *Server) takeSlot() bool {
	select {
	case s.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

func (s *Server) releaseSlot() { <-s.slots }

// EnginesRunning is the number of engine processes the games hold.
func (s *Server) EnginesRunning() int { return len(s.slots) }

// Close ends every game and its engine.
func (s *Server) Close() {
	s.mu.Lock()
	games := make([]*session, 0, len(s.games))
	for _, g := range s.games {
		games = append(games, g)
	}
	s.mu.Unlock()
	for _, g := range games {
		s.drop(g)
	}
}

// drop closes a game.
func (s *Server) drop(g *session) {
	s.mu.Lock()
	delete(s.games, g.id)
	s.mu.Unlock()
	g.close()
}

func (s *Server) game(id string) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.games[id]
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	files := http.FileServerFS(sub)
	mux.Handle("GET /", files)
	mux.HandleFunc("GET /api/config", s.handleConfig)
	mux.HandleFunc("GET /api/engine", s.handleEngine)
	mux.HandleFunc("POST /api/new", s.handleNew)
	mux.HandleFunc("GET /api/events", s.handleEvents)
	mux.HandleFunc("GET /api/save", s.handleSave)
	mux.HandleFunc("GET /api/text", s.handleText)
	mux.HandleFunc("POST /api/{action}", s.handleAction)
	return s.checkOrigin(mux)
}

// checkOrigin refuses requests another site's page makes: a browser names the page's
// origin, which must be this server's own, and the host must be an address or
// localhost. POSTs must also be JSON, which a plain cross-site form cannot send.
func (s *Server) checkOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A page of another site that had its name re-pointed at 127.0.0.1 (DNS
		// rebinding) would pass the origin check below: only addresses and localhost
		// name this server.
		if host, _, err := net.SplitHostPort(r.Host); err != nil || (host != "localhost" && net.ParseIP(strings.Trim(host, "[]")) == nil) {
			httpError(w, http.StatusForbidden, fmt.Sprintf("host %q refused: use the address the server printed", r.Host))
			return
		}
		if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
			httpError(w, http.StatusForbidden, fmt.Sprintf("origin %q is not this server's (http://%s)", o, r.Host))
			return
		}
		if fetchSite := r.Header.Get("Sec-Fetch-Site"); fetchSite == "cross-site" || fetchSite == "same-site" {
			httpError(w, http.StatusForbidden, "cross-site request refused")
			return
		}
		if r.Method == http.MethodPost && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			httpError(w, http.StatusUnsupportedMediaType, "send the action as JSON (Content-Type: application/json)")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// httpError writes {"error": msg} with the status.
func httpError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

// variantInfo is a game's shape for drawing: Grid[row][col] is the hole index.
type variantInfo struct {
	Name     string  `json:"name"`
	Title    string  `json:"title"`
	Rows     int     `json:"rows"`
	Cols     int     `json:"cols"`
	Reserves bool    `json:"reserves"`
	Start    string  `json:"start"`
	Grid     [][]int `json:"grid"`
	Owner    []int   `json:"owner"` // 0 South, 1 North, by hole index
	// Unit and One name what a score of 1.00 counts ("seeds", "seed"; Bao la
	// Kimasai's log-odds), from the game's profile.
	Unit string `json:"unit"`
	One  string `json:"one"`
	// Family is a rule file's table the game comes from ("kalah"; "" for a game
	// of named rules, board/games/builtin.toml's), by which the page groups its menu.
	Family string `json:"family,omitempty"`
	// ExtraTurns says a move may leave its mover to move again.
	ExtraTurns bool `json:"extraTurns"`
}

func describeVariant(v *board.Variant) variantInfo {
	vi := variantInfo{Name: v.Name, Title: v.Title, Rows: v.Rows, Cols: v.Cols, Reserves: v.Reserves, Start: v.Start,
		Unit: v.Profile.Words.Score.Unit, One: v.Profile.Words.Score.One, ExtraTurns: v.ExtraTurns()}
	if !v.Builtin() {
		vi.Family = v.Family
	}
	for r := 0; r < v.Rows; r++ {
		row := make([]int, v.Cols)
		for c := range row {
			row[c] = v.HoleAt(r, c)
		}
		vi.Grid = append(vi.Grid, row)
	}
	for h := 0; h < v.Holes(); h++ {
		vi.Owner = append(vi.Owner, int(v.Owner(h)))
	}
	return vi
}

func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	var vs []variantInfo
	for _, v := range board.Variants() {
		vs = append(vs, describeVariant(v))
	}
	// The page draws the board at once; if the engine has not yet answered uci, it
	// asks /api/engine (which waits) for the strength settings.
	var ei any = map[string]bool{"pending": true}
	select {
	case <-s.probeDone:
		ei = s.probe
	default:
	}
	writeJSON(w, map[string]any{"variants": vs, "engine": ei,
		"moveTimeMs": s.cfg.MoveTime.Milliseconds(), "maxEngines": s.cfg.MaxEngines})
}

// handleEngine waits for the engine's name and options.
func (s *Server) handleEngine(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, s.engineInfo())
}

// maxBody bounds a request body (a loaded record file is the largest).
const maxBody = 4 << 20

// decode reads a JSON body into v, writing a 400 on failure.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		msg := err.Error()
		if errors.As(err, &typeErr) {
			// The decoder's own words name the server's Go types.
			msg = fmt.Sprintf("%s must be %s, not %s", typeErr.Field, jsonKind(typeErr.Type), typeErr.Value)
		}
		httpError(w, http.StatusBadRequest, "bad JSON: "+msg)
		return false
	}
	return true
}

// jsonKind says what JSON value a field of type t takes.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Uint, reflect.Uint64, reflect.Uint32:
		return "a whole number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "text"
	case reflect.Slice:
		return "a list of " + strings.TrimPrefix(jsonKind(t.Elem()), "a ") + "s"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "a JSON " + t.Kind().String()
}

func newID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// newRequest starts a game.
type newRequest struct {
	Variant string `json:"variant"`
	South   string `json:"south"`
	North   string `json:"north"`
}

func (s *Server) handleNew(w http.ResponseWriter, r *http.Request) {
	var req newRequest
	if !decode(w, r, &req) {
		return
	}
	v, err := board.VariantByName(req.Variant)
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	players, err := parsePlayers(req.South, req.North)
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	g := newSession(s, newID(), v, players)
	s.mu.Lock()
	s.games[g.id] = g
	s.mu.Unlock()
	writeJSON(w, map[string]any{"id": g.id, "state": g.snapshot()})
}

// handleEvents streams a game's states and engine lines as server-sent events.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	g := s.game(r.URL.Query().Get("id"))
	if g == nil {
		httpError(w, http.StatusNotFound, "no such game (it may have been closed): start a new one")
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		httpError(w, http.StatusInternalServerError, "streaming unsupported")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	sub := g.subscribe()
	defer g.unsubscribe(sub)
	keep := time.NewTicker(15 * time.Second)
	defer keep.Stop()
	for {
		select {
		case msg, ok := <-sub.ch:
			if !ok {
				return
			}
			if _, err := w.Write(msg); err != nil {
				return
			}
			if state, missed := g.catchUp(sub); missed {
				if _, err := w.Write(state); err != nil {
					return
				}
			}
			fl.Flush()
		case <-keep.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil {
				return
			}
			fl.Flush()
		case <-r.Context().Done():
			return
		}
	}
}

func (s *Server) handleSave(w http.ResponseWriter, r *http.Request) {
	g := s.game(r.URL.Query().Get("id"))
	if g == nil {
		httpError(w, http.StatusNotFound, "no such game")
		return
	}
	line, err := g.record()
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	g.mu.Lock()
	name := g.fileName(time.Now())
	g.mu.Unlock()
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.jsonl"`)
	w.Write(line)
}

// handleText sends the game as game text: to download (download=1) or to copy.
func (s *Server) handleText(w http.ResponseWriter, r *http.Request) {
	g := s.game(r.URL.Query().Get("id"))
	if g == nil {
		httpError(w, http.StatusNotFound, "no such game")
		return
	}
	text, name := g.gameText(time.Now())
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if r.URL.Query().Get("download") == "1" {
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.txt"`)
	}
	io.WriteString(w, text)
}

// actionRequest is the body of every game action; each action reads its own fields.
type actionRequest struct {
	ID       string   `json:"id"`
	Move     string   `json:"move,omitempty"`
	Ply      *int     `json:"ply,omitempty"`
	FEN      string   `json:"fen,omitempty"`
	Variant  string   `json:"variant,omitempty"`
	South    string   `json:"south,omitempty"`
	North    string   `json:"north,omitempty"`
	Strength string   `json:"strength,omitempty"`
	MoveTime int      `json:"moveTimeMs,omitempty"`
	On       *bool    `json:"on,omitempty"`
	MultiPV  int      `json:"multipv,omitempty"`
	Record   string   `json:"record,omitempty"`
	Game     int      `json:"game,omitempty"`
	Moves    []string `json:"moves,omitempty"`
	Node     *int     `json:"node,omitempty"`
	Text     string   `json:"text,omitempty"`
	// ctx is the HTTP request's context: long work (reading a game text) stops
	// when the client has gone.
	ctx context.Context
}

// context is the request's context (the background one outside a request).
func (r *actionRequest) context() context.Context {
	if r.ctx == nil {
		return context.Background()
	}
	return r.ctx
}

func (s *Server) handleAction(w http.ResponseWriter, r *http.Request) {
	action := r.PathValue("action")
	if _, ok := actions[action]; !ok {
		httpError(w, http.StatusNotFound, fmt.Sprintf("unknown action %q", action))
		return
	}
	var req actionRequest
	if !decode(w, r, &req) {
		return
	}
	req.ctx = r.Context()
	g := s.game(req.ID)
	if g == nil {
		httpError(w, http.StatusNotFound, "no such game (it may have been closed): start a new one")
		return
	}
	if action == "close" {
		s.drop(g)
		writeJSON(w, map[string]string{"closed": g.id})
		return
	}
	if action == "preview" {
		p, err := g.preview(req.Moves)
		if err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		writeJSON(w, p)
		return
	}
	if err := actions[action](g, &req); err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, g.snapshot())
}

// announce gives the page's URL on this machine for a listening address, and a
// warning when other machines can reach it too.
func announce(a net.Addr) (url, warning string) {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || tcp.IP.IsLoopback() {
		return fmt.Sprintf("http://%s/", a), ""
	}
	if tcp.IP.IsUnspecified() {
		return fmt.Sprintf("http://127.0.0.1:%d/", tcp.Port),
			fmt.Sprintf("listening on every network interface (%s): other machines can open the page and drive its engines; --addr 127.0.0.1:0 keeps it to this machine", a)
	}
	return fmt.Sprintf("http://%s/", a),
		fmt.Sprintf("listening on %s, which other machines can reach: they can open the page and drive its engines; --addr 127.0.0.1:0 keeps it to this machine", a)
}

// Serve listens on addr, prints the page's URL to out (with a warning first when
// the address is not a loopback one) and serves until ctx ends.
func Serve(ctx context.Context, cfg Config, addr string, out io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	s := NewServer(cfg)
	defer s.Close()
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	url, warning := announce(ln.Addr())
	if warning != "" {
		fmt.Fprintln(out, "mancala gui: warning: "+warning)
	}
	fmt.Fprintf(out, "mancala gui: open %s in a browser (Ctrl-C to stop)\n", url)
	if f, ok := out.(*os.File); ok {
		f.Sync()
	}
	go func() {
		<-ctx.Done()
		s.Close() // ends the games, their engines and their event streams
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
