import Foundation

/// Where HTTP/1.1 requests end in bytes read from a socket, for the tests' hand-written servers
/// and proxies (which must answer or forward exactly one request at a time).
public enum RequestFraming {
    /// The length of the first request in `input` once its head and its `Content-Length` body
    /// (none without one) are all there; nil while it is incomplete.
    public static func length(of input: [UInt8]) -> Int? {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        guard input.count >= 4, let start = (0...(input.count - 4)).first(where: { input[$0..<($0 + 4)].elementsEqual(end) }) else {
            return nil
        }
        let head = String(decoding: input[..<start], as: UTF8.self).lowercased()
        let body = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return input.count >= start + 4 + body ? start + 4 + body : nil
    }
}
