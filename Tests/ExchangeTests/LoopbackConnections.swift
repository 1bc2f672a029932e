import Foundation

/// The TCP connections of this machine's IPv4 loopback as the kernel lists them in
/// `/proc/net/tcp`: how a test sees a server close an idle connection without a hook in it.
enum LoopbackConnections {
    /// The number of connection ends in the ESTABLISHED state whose local or remote port is
    /// `port` (a connection within this process counts twice: client end and server end).
    static func established(port: Int) throws -> Int {
        // Read to the end: the kernel reports a size of 0 for the file, which whole-file readers trust.
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp"))
        defer { try? file.close() }
        let table = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let hexPort = String(format: "%04X", port)
        return table.split(separator: "\n").dropFirst().filter { line in
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] == "01" else { return false }
            return fields[1].hasSuffix(":" + hexPort) || fields[2].hasSuffix(":" + hexPort)
        }.count
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
