import Dispatch
import Foundation
import HTTP
import SimulatedMarket

/// Order-book GETs per second against `VenueServer` on loopback, through `HTTPClientConnection`,
/// with 1 and with 32 keep-alive connections, the server running `eventLoops` threads. Prints
/// one JSON object per figure.
///
/// The book holds `restingOrders` orders (half bids, half asks, around $50); each connection
/// first sends 1,000 unmeasured requests, then the clock runs over `requests` requests in all.
/// Server and clients use their default configurations (including their 50 µs spin).
public func runServerBench(requests: Int = 200_000, restingOrders: Int = 40, eventLoops: Int = 1) throws {
    var configuration = try VenueConfiguration()
    configuration.eventLoopCount = eventLoops
    let server = try VenueServer(configuration: configuration)
    defer { server.stop() }
    let seeder = HTTPClientConnection(address: server.address)
    for index in 0..<restingOrders {
        let buy = index % 2 == 0
        let price = buy ? 5000 - index : 5100 + index
        let body = #"{"account":"BENCH","price":\#(price),"qty":\#(10 + index),"direction":"\#(buy ? "buy" : "sell")","orderType":"limit"}"#
        _ = try seeder.send(HTTPRequest(method: "POST", target: "/ob/api/venues/TESTEX/stocks/FOOBAR/orders", body: Array(body.utf8)))
    }
    seeder.close()
    for connections in [1, 32] {
        let perConnection = requests / connections
        let clients = (0..<connections).map { _ in HTTPClientConnection(address: server.address) }
        let request = HTTPRequest(method: "GET", target: "/ob/api/venues/TESTEX/stocks/FOOBAR")
        let failures = BenchCounter()
        DispatchQueue.concurrentPerform(iterations: connections) { index in
            for _ in 0..<1_000 where (try? clients[index].send(request))?.status != 200 { failures.add() }
        }
        let cpuBefore = processCPUNanoseconds()
        let start = DispatchTime.now().uptimeNanoseconds
        let threads = (0..<connections).map { index in
            BenchThread {
                for _ in 0..<perConnection where (try? clients[index].send(request))?.status != 200 { failures.add() }
            }
        }
        threads.forEach { $0.join() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpuPerRequest = Double(processCPUNanoseconds() - cpuBefore) / Double(perConnection * connections) / 1000
        clients.forEach { $0.close() }
        precondition(failures.value == 0, "\(failures.value) order-book requests failed")
        let perSecond = Double(perConnection * connections) / seconds
        let inputs = [
            "connections": "\(connections)", "requests": "\(perConnection * connections)", "restingOrders": "\(restingOrders)",
            "eventLoops": "\(eventLoops)",
        ]
        Figure(name: "server.orderbook_get", unit: "requests/s", value: perSecond.rounded(), inputs: inputs).print()
        // CPU time (user and system, client and server together) depends less on other load on
        // the machine than the rate does.
        Figure(
            name: "server.orderbook_get_cpu", unit: "us/request", value: (cpuPerRequest * 10).rounded() / 10,
            inputs: inputs.merging(["includes": "client and server"]) { $1 }
        ).print()
    }
}

/// User and system CPU time of the whole process so far.
private func processCPUNanoseconds() -> Int64 {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Int64(usage.ru_utime.tv_sec) * 1_000_000_000 + Int64(usage.ru_utime.tv_usec) * 1000
    let system = Int64(usage.ru_stime.tv_sec) * 1_000_000_000 + Int64(usage.ru_stime.tv_usec) * 1000
    return user + system
}

/// A thread running one closure, which `join()` waits for.
private final class BenchThread: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        let done = self.done
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func join() { done.wait() }
}

/// A counter several threads may bump.
private final class BenchCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
