#!/usr/bin/env bash
# Plays every practice level on seeds 1-5 (or SEEDS="..."), with the shipped strategy of each
# level and with deliberately naive ones, and prints one line per run: level, player, seed,
# verdict and the verdict's reason. Each run starts its level through the game master's API:
# on an exchange of its own in the tickwork process, or on the one at BASE_URL (its API's base,
# e.g. http://127.0.0.1:8080/ob/api, or its root) when set. Full runs take up to a minute each, too long for the tests;
# JOBS (default 3) runs that many at once. Debug builds, as the tests use.
#   naive players: Sweeper (Tests/Fixtures/NaiveStrategies: big buy orders priced $1 through
#   the ask) on every level (on irrational-exuberance buying 1,000 shares and holding them), and
#   Momentum (shipped) on sell-side, which never trades there: its eight one-minute bars outlast
#   the level. making-amends is played by the
#   detective (`tickwork detect`'s), which accuses its suspect to the judge; a wrong accusation's
#   loss is tested in GameMasterAPITests.
set -euo pipefail
cd "$(dirname "$0")/.."

seeds="${SEEDS:-1 2 3 4 5}"
jobs="${JOBS:-3}"
swift build --product tickwork >/dev/null
swift build >/dev/null
bin="$(swift build --show-bin-path)"
naive_bin="$(swift build --package-path Tests/Fixtures/NaiveStrategies --scratch-path .build/fixtures/NaiveStrategies --show-bin-path)"
swift build --package-path Tests/Fixtures/NaiveStrategies --scratch-path .build/fixtures/NaiveStrategies >/dev/null

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# config NAME PLUGIN_DIR PLUGIN PARAMETERS MAX_POSITION POLL_MS [DATA]: a level configuration for
# one player, with the risk limits and poll interval of the level's own configuration; DATA is the
# strategy's market-data subscription (every book when not given).
config() {
    cat >"$work/$1.json" <<JSON
{
  "version": 1,
  "exchange": { "venue": "TESTEX", "account": "EXB123456", "apiKeyEnv": "TICKWORK_API_KEY" },
  "embeddedExchange": { "listen": "127.0.0.1:0" },
  "pluginDirectory": "$2",
  "pollIntervalMs": $6,
  "strategies": [ { "id": "$1", "plugin": "$3", "symbols": ["FOOBAR"], "parameters": $4, "data": ${7:-[\"books\"]} } ],
  "risk": {
    "maxOrderQty": 1000, "maxPosition": $5, "maxSymbolPosition": $5, "maxNotionalPerOrder": 10000000,
    "maxOpenOrders": 10, "priceCollarBps": 500, "maxOrdersPerSecond": 100, "staleBookMs": 2000,
    "maxLoss": 50000000, "maxAccountLoss": 50000000, "allowMarketOrders": false
  },
  "ledger": { "path": "ledger.jsonl", "fsync": "batch" },
  "logging": { "level": "warning", "format": "text" }
}
JSON
}
config sweeper-100 "$naive_bin" Sweeper '{ "quantity": 100 }' 1000 100
config sweeper-block "$naive_bin" Sweeper '{ "quantity": 100000 }' 100000 25
config sweeper-5000 "$naive_bin" Sweeper '{ "quantity": 5000 }' 5000 50
config sweeper-1000 "$naive_bin" Sweeper '{ "quantity": 1000 }' 1000 50
config momentum "$bin" Momentum '{ "fastWindow": 3, "slowWindow": 8 }' 1000 50 '["quotes", "bars:1Min"]'

runs="$work/runs"
for seed in $seeds; do
    echo "first-steps FirstSteps - $seed"
    echo "first-steps Sweeper sweeper-100 $seed"
    echo "chock-a-block BlockBuyer - $seed"
    echo "chock-a-block Sweeper sweeper-block $seed"
    echo "sell-side MarketMaker - $seed"
    echo "sell-side Sweeper sweeper-5000 $seed"
    echo "sell-side Momentum momentum $seed"
    echo "dueling-bulldozers MarketMaker - $seed"
    echo "dueling-bulldozers Sweeper sweeper-5000 $seed"
    echo "irrational-exuberance RunUp - $seed"
    echo "irrational-exuberance Sweeper sweeper-1000 $seed"
    echo "making-amends detective - $seed"
done >"$runs"

play() {
    local level="$1" player="$2" config="$3" seed="$4" args=()
    [ "$config" != "-" ] && args=(--config "$work/$config.json")
    [ -n "${BASE_URL:-}" ] && args+=(--base-url "$BASE_URL")
    local out status=0
    out="$("$bin/tickwork" level "$level" --seed "$seed" "${args[@]}" 2>/dev/null)" || status=$?
    printf '%-21s %-12s seed %s  exit %s %s;%s\n' "$level" "$player" "$seed" "$status" \
        "$(echo "$out" | head -1 | cut -d: -f2-)" "$(echo "$out" | sed -n 2p)"
}
export -f play
export bin work
xargs -P "$jobs" -L 1 bash -c 'play "$@"' _ <"$runs" | sort
