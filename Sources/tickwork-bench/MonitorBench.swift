import Foundation
import HTTP
import Live
import Monitor
import StrategyKit
import Wire

/// The monitor's cost and speed: the runner's book-to-acknowledgement path with the monitor off,
/// then on and scraped every second (`/metrics` and `/api/status`, as Prometheus and a dashboard
/// would); the response times of those two endpoints; a real daemon's memory with it on.
enum MonitorBench {
    static func run() throws {
        try RunnerBench.run(monitor: nil)
        let board = MonitorBoard()
        try RunnerBench.run(monitor: board)
        try responseTimes(board)
        try DaemonMemoryBench.run(seconds: 30, monitor: false)
        try DaemonMemoryBench.run(seconds: 30, monitor: true)
    }

    /// A monitor server over `board` for the runner's run, scraped every second until `stop()`.
    final class Scraped: Sendable {
        let server: MonitorServer
        let scraper: MonitorScraper

        init(_ board: MonitorBoard) throws {
            server = try MonitorServer(
                listen: "127.0.0.1:0", routes: MonitorRoutes(board: board, token: nil, version: "bench", ledgerPath: nil, now: WallClock.now))
            scraper = MonitorScraper(address: server.address)
        }

        func stop() {
            scraper.stop()
            server.stop()
        }
    }

    /// The time of 2,000 requests of each endpoint, one after another on one keep-alive
    /// connection, over the snapshot the runner left on `board`.
    static func responseTimes(_ board: MonitorBoard) throws {
        let server = try MonitorServer(
            listen: "127.0.0.1:0", routes: MonitorRoutes(board: board, token: nil, version: "bench", ledgerPath: nil, now: WallClock.now))
        defer { server.stop() }
        let connection = HTTPClientConnection(address: server.address)
        defer { connection.close() }
        for (name, target) in [("metrics", "/metrics"), ("status", "/api/status")] {
            var samples: [UInt64] = []
            var bytes = 0
            for _ in 0..<2_000 {
                let start = monotonicNanoseconds()
                let response = try connection.send(HTTPRequest(method: "GET", target: target))
                samples.append(monotonicNanoseconds() - start)
                bytes = response.body.count
            }
            samples.sort()
            let inputs = ["endpoint": target, "requests": "2000", "bodyBytes": String(bytes), "snapshot": "the runner benchmark's last"]
            Figure(name: "monitor.\(name).p50", unit: "us", value: Double(percentile(samples, 0.5)) / 1_000, inputs: inputs).print()
            Figure(name: "monitor.\(name).p99", unit: "us", value: Double(percentile(samples, 0.99)) / 1_000, inputs: inputs).print()
        }
    }
}
