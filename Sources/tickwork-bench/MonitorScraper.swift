import Foundation
import HTTP
import Synchronization

/// Scrapes a monitor's `/metrics` and `/api/status` every second on a thread of its own, as
/// Prometheus and a dashboard would, until `stop()`.
final class MonitorScraper: Sendable {
    private let stopped = Mutex(false)
    private let count = Mutex(0)
    private let done = DispatchSemaphore(value: 0)

    /// Starts scraping the monitor at `address`.
    init(address: HTTPAddress) {
        Thread { [self] in
            let connection = HTTPClientConnection(address: address)
            while !stopped.withLock({ $0 }) {
                if (try? connection.send(HTTPRequest(method: "GET", target: "/metrics"))) != nil,
                   (try? connection.send(HTTPRequest(method: "GET", target: "/api/status"))) != nil {
                    count.withLock { $0 += 1 }
                }
                Thread.sleep(forTimeInterval: 1)
            }
            connection.close()
            done.signal()
        }.start()
    }

    /// A scraper of the daemon writing `log`, once it says (within 10 s) where its monitor listens.
    static func of(log: String) throws -> MonitorScraper {
        for _ in 0..<200 {
            let line = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").first { $0.contains("monitor: serving") }
            if let line, let range = line.range(of: "address="),
               let address = HTTPAddress(parsing: String(line[range.upperBound...].prefix { $0 != " " })) {
                return MonitorScraper(address: address)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw DaemonMemoryBench.BenchError("the daemon's monitor did not start (see \(log))")
    }

    /// Stops scraping (the first call waits for the thread) and returns how many scrapes answered.
    @discardableResult
    func stop() -> Int {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        if first { done.wait() }
        return count.withLock { $0 }
    }
}
