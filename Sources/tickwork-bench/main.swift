// The lead wires every part's benchmark here; run `tickwork-bench server` in release mode.
let name = CommandLine.arguments.dropFirst().first ?? "all"
switch name {
case "server":
    try runServerBench()
    try runServerBench(eventLoops: 2)
case "decode":
    try runBookDecodeBench()
case "client":
    try runBookDecodeBench()
    try await runClientBench()
case "all":
    try runServerBench()
    try runServerBench(eventLoops: 2)
    try runBookDecodeBench()
    try await runClientBench()
default:
    print("usage: tickwork-bench [server|decode|client|all]")
}
