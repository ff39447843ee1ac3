#!/usr/bin/env python3
"""StoneShark's MancalaGames AI as an engine of this project's protocol.

    python3 bench/stoneshark-engine.py [--stoneshark DIR] [--difficulty N]

Speaks the fixed part of the protocol (../shared/PROTOCOL.md) on stdin/stdout, so
that the project's runner plays matches against StoneShark's own player:

    go build -o /tmp/mancala ./cmd/mancala
    go run ./cmd/tourney --variant oware --opening-plies 2 --opening-depth 0 --rounds 5 \\
        --engine name=mancala cmd=/tmp/mancala movetime=0.1 \\
        --engine name=stoneshark cmd=python3 arg=bench/stoneshark-engine.py option.Difficulty=2 depth=1

The Variant option takes the project's names of StoneShark's games (docs/stoneshark.md:
Oware is `oware`, Songo::Douala `songo-douala`); the game is played from StoneShark's
file in DIR/GameProps (default ../shared/stoneshark beside the repository, or
$STONESHARK). `go` ignores its limits: StoneShark's AI searches at its Difficulty
(0 to 3: the file's `mm_depth` or Monte-Carlo settings and its scorer) and answers
`bestmove`. StoneShark is GPL-3 code of others: this script runs it, and holds none of
it.
"""

import argparse
import contextlib
import json
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))


def stub_tkinter():
    """StoneShark's modules import tkinter; its game logic never uses it. Without Tk,
    install inert stand-ins."""
    try:
        import tkinter          # noqa: F401
        import tkinter.font     # noqa: F401
        return
    except ImportError:
        pass

    class Inert:
        def __init__(self, *a, **k):
            pass

        def __getattr__(self, name):
            return Inert()

        def __call__(self, *a, **k):
            return Inert()

    top = types.ModuleType('tkinter')
    top.__getattr__ = lambda name: Inert
    sys.modules['tkinter'] = top
    for sub in ('font', 'ttk', 'messagebox', 'filedialog', 'simpledialog',
                'scrolledtext', 'colorchooser'):
        mod = types.ModuleType('tkinter.' + sub)
        mod.__getattr__ = lambda name: Inert
        sys.modules['tkinter.' + sub] = mod
        setattr(top, sub, mod)


BUILTIN = ('je-ki-n-je', 'adji-kui-1', 'adji-boto', 'bao-la-kimasai', 'oware-abapa')


def project_name(name):
    """The project's name of a StoneShark game (board.TOMLName)."""
    s = name.lower().replace('::', '-')
    s = s.replace('_', '-').replace('.', '-').replace("'", '')
    return s + '-stoneshark' if s in BUILTIN else s


class Engine:
    def __init__(self, ss_dir, difficulty):
        self.ss_dir = ss_dir
        self.difficulty = difficulty
        sys.path.insert(0, os.path.join(ss_dir, 'src'))
        stub_tkinter()
        with contextlib.redirect_stdout(sys.stderr):
            import animator
            animator.ENABLED = False
            import game_logger
            game_logger.game_log.active = False
            import man_config
            import game_info
            import ai_player
        self.mc, self.gi, self.aip = man_config, game_info, ai_player
        self.games = self.catalogue()
        self.variant = 'oware' if 'oware' in self.games else sorted(self.games)[0]
        self.game = self.ai = None
        self.start = None  # (board, stores, south to move) of the last position command

    def catalogue(self):
        """Every game of DIR/GameProps by the project's name: (file, variant)."""
        out = {}
        props = os.path.join(self.ss_dir, 'GameProps')
        for f in sorted(os.listdir(props)):
            if not f.endswith('.txt') or f.startswith('_'):
                continue
            base = f[:-4]
            out[project_name(base)] = (os.path.join(props, f), None)
            try:
                text = open(os.path.join(props, f), encoding='utf-8').read()
                head = json.loads(text.split('\n<text_section>')[0])
            except (OSError, ValueError):
                continue
            for v, over in (head.get('variants') or {}).items():
                if over:
                    out[project_name(base + '::' + v)] = (os.path.join(props, f), v)
        return out

    def say(self, line):
        sys.stdout.write(line + '\n')
        sys.stdout.flush()

    def error(self, what):
        self.say('info string error: ' + what)

    def load(self):
        """Build the game and the AI for the current variant and difficulty."""
        path, variant = self.games[self.variant]
        here = os.getcwd()
        os.chdir(self.ss_dir)  # named variants read src/game_params.csv from here
        try:
            with contextlib.redirect_stdout(sys.stderr):
                if variant and self.mc.PARAMS is None:
                    self.mc.read_params_data()
                game, pdict = self.mc.make_game(path, variant)
        finally:
            os.chdir(here)
        pdict = dict(pdict)
        pdict['difficulty'] = self.difficulty
        self.game = game
        self.ai = self.aip.AiPlayer(game, pdict)

    def col(self, text):
        """A hole of the project's notation as StoneShark's column of the mover's row."""
        holes = self.game.cts.holes
        if len(text) == 2 and 'a' <= text[0] < chr(ord('a') + holes) and text[1] in '12':
            return ord(text[0]) - ord('a')
        raise ValueError(f'{text!r} is not a move of {self.variant}')

    def move_text(self, move):
        """StoneShark's move as the project's notation: a hole, with + or - where the
        mover chose the direction ((column, direction) with a direction)."""
        if move == self.gi.PASS_TOKEN:
            return 'pass'
        way = ''
        if isinstance(move, tuple) and len(move) == 3:
            # a hole of either row (territory, no sides): row 1 is South's
            row, col, d = move
            if d is not None:
                way = '+' if int(d) == 1 else '-'
            return chr(ord('a') + col) + ('1' if row == 1 else '2') + way
        if isinstance(move, tuple) and len(move) == 2:
            move, d = move
            if d is None:
                d = self.fixed_way()
            if d is not None:
                way = '+' if int(d) == 1 else '-'
        if not isinstance(move, int):
            raise ValueError(f'StoneShark chose {move!r}, which this adapter cannot write')
        row = '2' if self.game.turn else '1'
        return chr(ord('a') + move) + row + way

    def fixed_way(self):
        """In a game whose first move sets each side's way (PLAYALTDIR), once that move
        is made: the way the side to move sows (StoneShark lists its moves without
        one, the project's notation writes it); else None."""
        game = self.game
        if game.info.sow_direct != self.gi.Direct.PLAYALTDIR or game.mcount == 1:
            return None
        getter = game.deco.get_dir
        while getter is not None and not hasattr(getter, 'player_dirs'):
            getter = getattr(getter, 'decorator', None)
        return None if getter is None else getter.player_dirs[game.turn]

    def game_move(self, text):
        """The project's move as StoneShark's: a column, or (column, direction) in a
        game whose moves carry one."""
        col = self.col(text[:2])
        d = None
        if text[2:] == '+':
            d = self.gi.Direct.CCW
        elif text[2:] == '-':
            d = self.gi.Direct.CW
        if any(isinstance(m, tuple) and len(m) == 3 for m in self.game.get_moves()):
            # moves of either row (territory, no sides): row 1 is South's, 0 North's
            return self.gi.MoveTpl(1 if text[1] == '1' else 0, col, d)
        if (text[1] == '2') != bool(self.game.turn):
            raise ValueError(f'{text}: not a hole of the side to move')
        if not any(isinstance(m, tuple) for m in self.game.get_moves()):
            return col
        if self.fixed_way() is not None:
            d = None  # the way is the game's now: StoneShark's moves carry none
        return self.gi.MoveTpl(col, d)

    def position(self, words):
        if self.game is None:
            self.load()
        game = self.game
        game.starter = True   # South starts (new_game: turn = not starter)
        game.new_game()
        game.mdata = None
        rest = words
        if words and words[0] == 'startpos':
            rest = words[1:]
        elif words and words[0] == 'fen' and len(words) >= 6:
            north, south = words[1].split('/')
            north = [int(x) for x in north.split(',')]
            south = [int(x) for x in south.split(',')]
            holes = game.cts.holes
            if len(north) != holes or len(south) != holes:
                raise ValueError('the position does not fit the board')
            # StoneShark's loc: South's row left to right, then North's right to left.
            game.board = south + list(reversed(north))
            game.store = [int(words[3]), int(words[4])]
            game.turn = words[2] == 'N'
            rest = words[6:]
        else:
            raise ValueError('position startpos or position fen ...')
        if rest:
            if rest[0] != 'moves':
                raise ValueError(f'{rest[0]!r}: "moves" was expected')
            for m in rest[1:]:
                cond = game.move(self.gi.PASS_TOKEN if m == 'pass' else self.game_move(m))
                if cond is not None and cond.is_round_over():
                    # a round ended: StoneShark's driver starts the next one, with
                    # the default fill, as the engine's rules do in the same move
                    game.new_game(new_round=True)
        self.ai.clear_history()

    def go(self):
        if self.game is None:
            self.position(['startpos'])
        moves = self.game.get_moves()
        if not moves:
            self.say('bestmove (none)')
            return
        with contextlib.redirect_stdout(sys.stderr):
            move = self.ai.pick_move() if len(moves) > 1 else moves[0]
        self.say('bestmove ' + self.move_text(move))

    def setoption(self, words):
        if len(words) < 4 or words[0] != 'name' or 'value' not in words:
            raise ValueError('setoption name NAME value VALUE')
        at = words.index('value')
        name, value = ' '.join(words[1:at]), ' '.join(words[at + 1:])
        if name == 'Variant':
            if value not in self.games:
                raise ValueError(f'option Variant has no value {value!r}')
            self.variant = value
            self.game = None
        elif name == 'Difficulty':
            if value not in ('0', '1', '2', '3'):
                raise ValueError('Difficulty is 0 to 3')
            self.difficulty = int(value)
            self.game = None
        else:
            raise ValueError(f'unknown option {name!r}')

    def run(self):
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            cmd = words[0]
            try:
                if cmd == 'uci':
                    self.say('id name StoneShark-AI')
                    self.say("id author StoneShark's MancalaGames (GPL-3), through bench/stoneshark-engine.py")
                    self.say(f'option name Variant type combo default {self.variant} var '
                             + ' var '.join(sorted(self.games)))
                    self.say(f'option name Difficulty type spin default {self.difficulty} min 0 max 3')
                    self.say('uciok')
                elif cmd == 'isready':
                    self.say('readyok')
                elif cmd == 'setoption':
                    self.setoption(words[1:])
                elif cmd == 'ucinewgame':
                    self.game = None
                elif cmd == 'position':
                    self.position(words[1:])
                elif cmd == 'go':
                    self.go()
                elif cmd == 'stop':
                    pass  # go answers before the next line is read
                elif cmd == 'quit':
                    return
                else:
                    self.error(f'unknown command {cmd!r}')
            except Exception as exc:  # one line, and the engine goes on
                self.error(' '.join(str(exc).split()) or type(exc).__name__)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--stoneshark', default=os.environ.get(
        'STONESHARK', os.path.join(HERE, '..', '..', 'shared', 'stoneshark')))
    ap.add_argument('--difficulty', type=int, default=2, choices=range(4))
    opts = ap.parse_args()
    Engine(os.path.abspath(opts.stoneshark), opts.difficulty).run()


if __name__ == '__main__':
    main()
