// The lead wires every part's benchmark here; run `tickwork-bench server` in release mode.
let name = CommandLine.arguments.dropFirst().first ?? "all"
switch name {
case "server", "all":
    try runServerBench()
default:
    print("usage: tickwork-bench [server|all]")
}
