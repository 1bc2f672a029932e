import Foundation
import HTTP
import Synchronization
import WebSocket

/// The WebSocket codec and connections in release: `ws-decode` decodes 1 MiB masked binary
/// frames (as a server reads a client's: unmasking included) fed in 64 KiB pieces, as the socket
/// gives them, and prints `ws.decode` in GB/s of the thread's CPU time (goal: 1 GB/s or more);
/// `ws-messages` sends 100-byte JSON text frames from the server to one `WebSocketClient` over
/// loopback and prints `ws.messages` in messages a second of wall time, from the first send to
/// the client's callback for the last (goal: 200,000/s or more).
enum WebSocketBench {
    static func runDecode(frames: Int = 1024, frameSize: Int = 1 << 20) {
        var generator = SystemRandomNumberGenerator()
        let payload = (0..<frameSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var frame: [UInt8] = []
        WebSocketFrame.encode(.binary, payload: payload, mask: WebSocketMask(0x37, 0xfa, 0x21, 0x3d), into: &frame)
        var decoder = WebSocketDecoder(role: .server, maxMessageSize: 2 * frameSize)
        var decodedBytes = 0
        let piece = 64 * 1024
        let start = threadCPUNanoseconds()
        for _ in 0..<frames {
            var offset = 0
            while offset < frame.count {
                let end = min(frame.count, offset + piece)
                let failure = frame[offset..<end].withUnsafeBytes { bytes in
                    decoder.feed(bytes) { event in
                        if case .message(let message) = event, case .binary(let bytes) = message { decodedBytes += bytes.count }
                    }
                }
                precondition(failure == nil, "the benchmark's frame failed to decode: \(failure!)")
                offset = end
            }
        }
        let elapsed = threadCPUNanoseconds() - start
        precondition(decodedBytes == frames * frameSize, "decoded \(decodedBytes) bytes of \(frames * frameSize)")
        Figure(
            name: "ws.decode", unit: "GB/s", value: Double(decodedBytes) / Double(elapsed),
            inputs: ["frames": String(frames), "frameBytes": String(frameSize), "pieceBytes": String(piece), "masked": "true"]
        ).print()
    }

    static func runMessages(messages: Int = 1_000_000) throws {
        let text = #"{"ok":true,"quote":{"symbol":"FOOBAR","venue":"TESTEX","bid":5000,"ask":5100,"bidSize":100,"askSize":7}}"#
        precondition(text.utf8.count >= 100)
        let received = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        // The queue holds every message, so the sender never waits: the figure is the
        // connection's, the loop writing and the client reading.
        let limits = WebSocketLimits(sendBufferLimit: messages * (text.utf8.count + 14) + 1024)
        let opened = Mutex<WebSocketConnection?>(nil)
        let start = WebSocketServerStart(limits: limits, open: { connection in opened.withLock { $0 = connection } })
        let server = try HTTPServer { request in .webSocket(request, start: start) }
        defer { server.stop() }
        let client = try WebSocketClient(url: WebSocketURL(address: server.address, secure: false, target: "/")) { event in
            if case .message = event, received.add(1, ordering: .relaxed).newValue == messages { done.signal() }
        }
        defer { client.close() }
        var connection: WebSocketConnection?
        while connection == nil {
            connection = opened.withLock { $0 }
            usleep(100)
        }
        let began = monotonicNanoseconds()
        for _ in 0..<messages { precondition(connection!.send(text: text), "the server dropped the benchmark's client") }
        guard done.wait(timeout: .now() + 120) == .success else { throw DaemonMemoryBench.BenchError("ws-messages: \(received.load(ordering: .relaxed)) of \(messages) messages in 120 s") }
        let elapsed = monotonicNanoseconds() - began
        Figure(
            name: "ws.messages", unit: "messages/s", value: Double(messages) / (Double(elapsed) / 1e9),
            inputs: ["messages": String(messages), "messageBytes": String(text.utf8.count), "transport": "loopback"]
        ).print()
    }
}
