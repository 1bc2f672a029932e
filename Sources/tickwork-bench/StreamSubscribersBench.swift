import Foundation
import HTTP
import Live
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `stream-subscribers`: the simulated exchange (`tickwork exchange`, no bots, a process of its
/// own) with 1,000 idle WebSocket subscribers on Alpaca's market-data stream (connected, signed
/// in, subscribed to FOOBAR's quotes, nothing flowing). Prints the exchange's memory
/// (`stream.subscribers.anonymous` and `.uss`, from smaps_rollup as `daemon-memory` reads it)
/// before and after, and per subscriber; then `stream.fanout` in ms: from a StockFighter order
/// that moves FOOBAR's best ask (sent over its REST API) to the last subscriber's callback for the
/// quote it makes, p50 and max over `rounds`.
enum StreamSubscribersBench {
    static func run(subscribers: Int = 1_000, rounds: Int = 50) throws {
        let directory = NSTemporaryDirectory() + "tickwork-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/exchange.out"
        let binary = PluginLoader.executableDirectory + "/tickwork"
        let exchange = try DaemonMemoryBench.spawn(binary, ["exchange", "--listen", "127.0.0.1:0"], stdout: output)
        defer { kill(exchange.processIdentifier, SIGTERM); exchange.waitUntilExit() }
        var address: HTTPAddress?
        for _ in 0..<200 where address == nil {
            usleep(50_000)
            address = (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n")
                .first { $0.hasPrefix("listening on http://") }
                .flatMap { HTTPAddress(parsing: String($0.dropFirst("listening on http://".count).prefix { $0 != "/" })) }
        }
        guard let address else { throw DaemonMemoryBench.BenchError("the exchange did not start") }
        // One order first, so the book and its quote exist before anything is measured.
        let first = HTTPClientConnection(address: address)
        try place(first, price: 20_000)
        first.close()
        sleep(1)
        let before = DaemonMemoryBench.Usage(of: exchange.processIdentifier)

        let subscribed = Atomic<Int>(0)
        let quotes = Atomic<Int>(0)
        var clients: [WebSocketClient] = []
        let url = WebSocketURL(address: address, secure: false, target: "/v2/iex")
        for index in 0..<subscribers {
            let client = try WebSocketClient(url: url) { event in
                guard case .message(let message) = event else { return }
                let text = String(decoding: message.bytes, as: UTF8.self)
                if text.contains(#""T":"subscription""#) { subscribed.add(1, ordering: .relaxed) }
                if text.contains(#""T":"q""#) { quotes.add(1, ordering: .relaxed) }
            }
            client.send(text: #"{"action":"auth","key":"BENCH\#(index)","secret":"any"}"#)
            client.send(text: #"{"action":"subscribe","quotes":["FOOBAR"]}"#)
            clients.append(client)
        }
        defer { for client in clients { client.close() } }
        let deadline = monotonicNanoseconds() + 60_000_000_000
        while subscribed.load(ordering: .relaxed) < subscribers, monotonicNanoseconds() < deadline { usleep(10_000) }
        guard subscribed.load(ordering: .relaxed) == subscribers else {
            throw DaemonMemoryBench.BenchError("\(subscribed.load(ordering: .relaxed)) of \(subscribers) subscribed")
        }
        sleep(2)
        let after = DaemonMemoryBench.Usage(of: exchange.processIdentifier)
        let inputs = ["subscribers": String(subscribers), "feed": "/v2/iex", "channels": "quotes FOOBAR", "bots": "0"]
        for (measure, early, late) in [("anonymous", before.anonymous, after.anonymous), ("uss", before.unique, after.unique)] {
            Figure(name: "stream.subscribers.\(measure).before", unit: "MB", value: Double(early) / 1_048_576, inputs: inputs).print()
            Figure(name: "stream.subscribers.\(measure).after", unit: "MB", value: Double(late) / 1_048_576, inputs: inputs).print()
            Figure(
                name: "stream.subscribers.\(measure).each", unit: "KB", value: Double(late - early) / 1_024 / Double(subscribers), inputs: inputs
            ).print()
        }

        // A connection of its own: the first one may have passed the exchange's idle time-out.
        let http = HTTPClientConnection(address: address)
        defer { http.close() }
        var times: [UInt64] = []
        for round in 0..<rounds {
            let target = quotes.load(ordering: .relaxed) + subscribers
            let start = monotonicNanoseconds()
            try place(http, price: 19_999 - round)
            let end = start + 10_000_000_000
            while quotes.load(ordering: .relaxed) < target, monotonicNanoseconds() < end { sched_yield() }
            guard quotes.load(ordering: .relaxed) >= target else { throw DaemonMemoryBench.BenchError("round \(round): a quote did not reach every subscriber") }
            times.append(monotonicNanoseconds() - start)
        }
        times.sort()
        let fanout = inputs.merging(["rounds": String(rounds), "from": "the order's send", "to": "the last subscriber's callback"]) { $1 }
        Figure(name: "stream.fanout.p50", unit: "ms", value: Double(percentile(times, 0.5)) / 1e6, inputs: fanout).print()
        Figure(name: "stream.fanout.max", unit: "ms", value: Double(times.last ?? 0) / 1e6, inputs: fanout).print()
    }

    /// A StockFighter sell of FOOBAR on TESTEX at `price` cents: a new best ask, so one quote.
    private static func place(_ http: HTTPClientConnection, price: Int) throws {
        let body = #"{"account":"MAKER1","venue":"TESTEX","stock":"FOOBAR","price":\#(price),"qty":1,"direction":"sell","orderType":"limit"}"#
        let response = try http.send(HTTPRequest(
            method: "POST", target: "/ob/api/venues/TESTEX/stocks/FOOBAR/orders", headers: ["Content-Type": "application/json"],
            body: Array(body.utf8)))
        guard response.status == 200 else { throw DaemonMemoryBench.BenchError("placing an order: \(response.status)") }
    }
}
