import Foundation
import HTTP
import MarketTestSupport
@testable import SimulatedMarket
import StrategyKit
import Synchronization
import TestSupport
import Testing
import WebSocket

#if canImport(Glibc)
import Glibc
#endif

/// 200 clients on the simulated exchange's market-data stream, one of which never reads: the
/// others get every message in order, the silent one is dropped (1008, counted) once its queue
/// passes the bound, and the server's memory stays within what the bound promises.
@Suite(.timeLimit(.minutes(10)))
struct AlpacaStreamFanOutTests {
    static let sendBufferLimit = 64 << 10

    /// What a reader received after its subscription was confirmed, kept small (a count and an
    /// FNV-1a digest of every byte, in order) so that 199 of them measure the server, not
    /// themselves.
    final class Digest: Sendable {
        private let state = Mutex<(subscribed: Bool, count: Int, hash: UInt64)>((false, 0, Digest.seed))
        static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

        static func fold(_ hash: UInt64, _ bytes: [UInt8]) -> UInt64 {
            var hash = hash
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }

        var handler: @Sendable (WebSocketClient.Event) -> Void {
            { event in
                guard case .message(let message) = event else { return }
                let bytes = message.bytes
                self.state.withLock { state in
                    if state.subscribed {
                        state.count += 1
                        state.hash = Self.fold(state.hash, bytes)
                    } else if String(decoding: bytes, as: UTF8.self).contains(#""T":"subscription""#) {
                        state.subscribed = true
                    }
                }
            }
        }

        var subscribed: Bool { state.withLock { $0.subscribed } }
        var seen: (count: Int, hash: UInt64) { state.withLock { ($0.count, $0.hash) } }
    }

    /// Anonymous memory of this process (`/proc/self/smaps_rollup`), in bytes.
    static func anonymousBytes() -> Int {
        let rollup = (try? String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8)) ?? ""
        for line in rollup.split(separator: "\n") where line.hasPrefix("Anonymous:") {
            return (Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0) * 1_024
        }
        return 0
    }

    /// A client that upgrades, signs in and subscribes to every symbol's quotes and trades, then
    /// never reads: a 4 KiB receive buffer so that the server's queue, not the kernel's, soon
    /// holds what it is sent.
    static func silentClient(port: UInt16) throws -> RawSocket {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var size: Int32 = 4_096
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        try #require(withIPv4Address("127.0.0.1", port) { connect(fd, $0, $1) } == 0)
        let socket = RawSocket(fd: fd)
        var bytes = Array("GET /v2/iex HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8)
        WebSocketFrame.encode(text: #"{"action":"auth","key":"SILENT","secret":"any"}"#, mask: .random(), into: &bytes)
        WebSocketFrame.encode(text: #"{"action":"subscribe","quotes":["*"],"trades":["*"]}"#, mask: .random(), into: &bytes)
        socket.send(bytes)
        return socket
    }

    @Test func twoHundredClientsOneNeverReading() async throws {
        // The readers follow FOOBAR's quotes; the silent client every symbol's quotes and trades,
        // so that it falls behind (the kernel's buffers fill first) long before the readers
        // have decoded megabytes each.
        let symbols = (1...15).map { "S\($0)" }
        let market = try AlpacaHarness(symbols: symbols, bots: BotConfiguration()) {
            $0.botInterval = nil
            // Kept alive for the whole test: the silent client must fall behind, not time out.
            $0.alpaca?.streamLimits = WebSocketLimits(
                sendBufferLimit: Self.sendBufferLimit, pingInterval: .seconds(600), keepAliveTimeout: .seconds(600))
        }
        let server = market.venue.server
        // The reference: every message the hub hands out, in its order.
        let reference = Mutex<[[UInt8]]>([])
        let send: StreamSend = { bytes in
            reference.withLock { $0.append(bytes) }
            return true
        }
        let direct = try #require(server.subscribeAlpacaData(send: send))
        defer { direct.end() }
        var channels = AlpacaDataChannels()
        channels.subscribe(["FOOBAR"], to: .quotes)
        direct.update(channels)

        var readers: [(WebSocketClient, Digest)] = []
        for index in 0..<199 {
            let inbox = Digest()
            let client = try WebSocketClient(
                url: WebSocketURL(address: server.address, secure: false, target: "/v2/iex"), onEvent: inbox.handler)
            client.send(text: #"{"action":"auth","key":"R\#(index)","secret":"any"}"#)
            client.send(text: #"{"action":"subscribe","quotes":["FOOBAR"]}"#)
            readers.append((client, inbox))
        }
        defer { for (client, _) in readers { client.close() } }
        let silent = try Self.silentClient(port: server.address.port)
        _ = silent
        #expect(await SpawnedProcess.poll(upTo: 30) { readers.allSatisfy { $0.1.subscribed } })
        #expect(await SpawnedProcess.poll(upTo: 10) { server.alpacaStreams.peerCount == 200 && server.streamSubscriberCount == 201 })
        let start = server.alpacaStreams.webSocketStart()

        let before = Self.anonymousBytes()
        var steps = 0, mostQueued = 0
        while start.slowReadersDropped == 0, steps < 100_000 {
            server.stepBots()
            steps += 1
            if steps % 10 == 0 { mostQueued = max(mostQueued, server.alpacaStreams.queuedBytes) }
            if steps % 100 == 0 { try await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(start.slowReadersDropped == 1, "the silent client is dropped after \(steps) bot steps")
        for _ in 0..<200 { server.stepBots() }
        let sent = reference.withLock { $0 }
        try #require(sent.count > 20)
        // Each reader gets every message, in order, none missing.
        let expected = (count: sent.count, hash: sent.reduce(Digest.seed, Digest.fold))
        for (index, (_, inbox)) in readers.enumerated() {
            await SpawnedProcess.poll(upTo: 60) { inbox.seen.count >= expected.count }
            if inbox.seen != expected {
                Issue.record("reader \(index): \(inbox.seen.count) of \(expected.count) messages, digest \(inbox.seen.hash == expected.hash ? "equal" : "different")")
                break
            }
        }
        #expect(server.alpacaStreams.peerCount == 199 && server.streamSubscriberCount == 200)
        // The server's memory for its clients is what it queues: at most the bound each, however
        // far the silent one fell behind. (The process's anonymous memory, read before and after,
        // holds both ends and any test running beside this one, so it is reported, not bounded.)
        let grown = Self.anonymousBytes() - before
        let traffic = sent.reduce(0) { $0 + $1.count }
        #expect(
            mostQueued <= 200 * Self.sendBufferLimit,
            "queued at most \(mostQueued) bytes; anonymous memory grew \(grown) bytes for \(traffic) bytes sent to each reader")
    }
}
