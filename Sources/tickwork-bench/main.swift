// The lead wires every part's benchmark here; run `tickwork-bench server` in release mode.
let name = CommandLine.arguments.dropFirst().first ?? "all"
switch name {
case "server", "all":
    try runServerBench()
    try runServerBench(eventLoops: 2)
default:
    print("usage: tickwork-bench [server|all]")
}
