// tickwork-bench: run in release (`swift run -c release tickwork-bench [NAME]`). Prints one JSON
// object per figure. The lead wires every part's benchmark here.
let name = CommandLine.arguments.dropFirst().first ?? "all"
switch name {
case "ledger", "all":
    try runLedgerBench()
default:
    print("usage: tickwork-bench [ledger|all]")
}
