@testable import HTTP
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

extension RawSocket {
    /// Reads one whole response, or nil if the stream ends or stalls first.
    func readResponse(method: String = "GET") -> HTTPResponse? {
        var decoder = HTTPResponseDecoder()
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if case let .response(response, _, _) = decoder.decode(bytes, requestMethod: method, endOfStream: false) { return response }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 5000) > 0 else { return nil }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
