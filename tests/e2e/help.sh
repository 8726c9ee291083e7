# help.sh: --help, `help COMMAND`, the man page and the bash completion, all written from the
# one command table (runtime/app/commands.c), and that table against the options the code reads.
# usage: help.sh TESSERA IMGDIFF OUTDIR CLIDOC_DIR   (run from the repository root)
set -u
tessera=$1
clidoc=$4
. "$(dirname "$0")/lib.sh"

commands=$("$tessera" --help | sed -n 's/^  tessera \([a-z][a-z]*\).*/\1/p' | sort -u)
[ "$(echo "$commands" | wc -l)" -ge 8 ] && ok || fail "--help lists too few commands: $commands"
for c in $commands; do
    expect_status 0 "$c --help" -- "$tessera" "$c" --help
    expect_output "usage: tessera $c" "$c --help prints its usage"
    expect_status 0 "help $c" -- "$tessera" help "$c"
    expect_output "usage: tessera $c" "help $c prints its usage"
    [ "$c" = help ] || { expect_status 0 "$c -h" -- "$tessera" "$c" -h; expect_output "usage: tessera $c" "$c -h"; }
done
expect_status 0 "help after options" -- "$tessera" solve --level 3 --help
expect_output "usage: tessera solve" "--help anywhere among a command's options"
expect_status 2 "an option's value may look like --help" -- env SDL_VIDEODRIVER=dummy "$tessera" play sokoban --keys --help
expect_output "unknown key '--help'" "--keys --help plays the keys"
# `help play` names every kind of --keys token the scripted loop reads (runtime/app/loop.c):
# before, reloaded:N (what a test of hot reload waits with), rclick:, drop: and clipboard:
# were only in the README.
tokens=$(grep -o 'strncmp(tok, "[a-z]*:"' runtime/app/loop.c | sed 's/.*"\(.*\)"/\1/' | sort -u)
[ "$(echo "$tokens" | wc -w)" -ge 6 ] && ok || fail "too few --keys tokens found in loop.c: $tokens"
expect_status 0 "help play" -- "$tessera" help play
for t in $tokens; do expect_output " $t" "help play names the --keys token $t"; done
expect_status 2 "help for no such command" -- "$tessera" help frobnicate
expect_output "no command 'frobnicate'" "unknown help topic named"
expect_status 2 "unknown option" -- "$tessera" solve --tiemout 3 levels/sokoban/tessera.xsb
expect_output "unknown option '--tiemout' (did you mean '--timeout'?)" "a typo gets a hint"
[ "$(echo "$out" | wc -l)" -eq 1 ] && ok || fail "the unknown-option message is one line: $out"
expect_status 2 "unknown command" -- "$tessera" slove
expect_output "did you mean 'solve'?" "a mistyped command gets a hint"
expect_status 0 "help games" -- "$tessera" help games
expect_output "sokoban" "help games lists the bundled games"

# The man page names every command, every option of each, and every global option.
man=$clidoc/tessera.1
[ -s "$man" ] && ok || fail "no man page at $man"
for c in $commands; do
    grep -q "^\.SS \"tessera $c" "$man" && ok || fail "the man page has no section for '$c'"
    for o in $("$tessera" help "$c" | sed -n 's/^  \(--[a-z-]*\).*/\1/p'); do
        grep -q "$(echo "$o" | sed 's/-/\\\\-/g')" "$man" && ok || fail "the man page lacks $c's option $o"
    done
done
if command -v man >/dev/null && man -l "$man" >/dev/null 2>&1; then ok; else echo "help.sh: man not found, rendering skipped"; fi

# Drift between the table and the code, both ways: every "--option" a command's source
# compares against is documented for it, and every documented option occurs in that source.
for c in $commands; do
    case $c in help) continue ;; esac
    f=runtime/app/cmd_$c.c
    [ -f "$f" ] || continue
    documented=$("$tessera" help "$c" | sed -n 's/^  \(--[a-z-]*\).*/\1/p' | sort -u)
    used=$(grep -o '"--[a-z][a-z-]*"' "$f" | tr -d '"' | sort -u)
    for o in $used; do
        echo "$documented" | grep -qx -- "$o" && ok || fail "$f reads $o but 'tessera help $c' does not document it"
    done
    for o in $documented; do
        echo "$used" | grep -qx -- "$o" && ok || fail "'tessera help $c' documents $o but $f never reads it"
    done
done

# The completion script: commands, options and game names.
comp=$clidoc/tessera.bash
complete_words() {   # complete_words WORD...: what <Tab> offers after them (the last is the prefix)
    PATH="$(dirname "$tessera"):$PATH" bash -c '. "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _tessera; echo "${COMPREPLY[*]}"' "$comp" tessera "$@"
}
out=$(complete_words so); expect_output "solve" "completes a command"
out=$(complete_words solve --ti); expect_output "--timeout" "completes a command's option"
out=$(complete_words play ''); expect_output "sokoban" "completes a bundled game's name"
out=$(complete_words play --view ''); expect_output "iso" "completes an option's choices"
out=$(complete_words help ''); expect_output "verify" "completes help topics"
out=$(complete_words --mods x play ''); expect_output "fifteen" "skips a global option's value"
finish
