import Foundation

/// The TCP connections of this machine's IPv4 loopback as the kernel lists them in
/// `/proc/net/tcp`: how a test sees a server close an idle connection without a hook in it.
enum LoopbackConnections {
    /// The kernel's state code of a connection end whose peer has closed while it has not yet:
    /// a client's end after the server closed the connection.
    static let closeWait = "08"
    private static let listening = "0A"

    /// The state codes of the connection ends (not listening sockets) whose local or remote port
    /// is `port`: a connection within this process shows both its ends.
    static func states(port: Int) throws -> [String] {
        // Read to the end: the kernel reports a size of 0 for the file, which whole-file readers trust.
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp"))
        defer { try? file.close() }
        let table = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let hexPort = ":" + String(format: "%04X", port)
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] != listening, fields[1].hasSuffix(hexPort) || fields[2].hasSuffix(hexPort) else {
                return nil
            }
            return String(fields[3])
        }
    }

    /// Polls `condition` every 10 ms until it holds (true) or `timeout` has passed (false).
    static func waitUntil(within timeout: Duration, _ condition: () throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return try condition()
    }
}
