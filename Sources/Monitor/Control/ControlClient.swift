import FoundationEssentials
import Glibc
import HTTP
import Live
import Wire

/// The commands' side of the control socket: sends an `OperatorCommand` to the daemon serving
/// `ControlServer` at a path and reads its `OperatorOutcome`.
public struct ControlClient: Sendable {
    /// Why a command did not reach a daemon.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No daemon serves the socket: no such file, or nobody listening (`ECONNREFUSED`).
        case noDaemon(String)
        /// The socket is there and refused us (permissions), or the exchange failed.
        case failed(String)

        public var description: String {
            switch self {
            case .noDaemon(let path): "no daemon answers on \(path)"
            case .failed(let reason): reason
            }
        }
    }

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Whether something accepts a connection on the Unix socket at `path`.
    public static func answers(_ path: String) -> Bool {
        (try? connectable(path)) == true
    }

    /// True when a connection to `path` is accepted; false when nobody serves it (no such file,
    /// `ECONNREFUSED`); throws any other failure (`EACCES`: the caller may not use it).
    static func connectable(_ path: String) throws(Failure) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw .failed("\(path): path too long for a socket") }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .failed("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if status == 0 { return true }
        let code = errno
        if code == ENOENT || code == ECONNREFUSED || code == ENOTDIR { return false }
        throw .failed("\(path): \(String(cString: strerror(code)))")
    }

    /// Sends `command` and returns the daemon's answer (carried out or refused).
    public func send(_ command: OperatorCommand) throws(Failure) -> OperatorOutcome {
        guard try Self.connectable(path) else { throw .noDaemon(path) }
        var body: [String: String] = [:]
        switch command {
        case .halt(_, let reason): body["reason"] = reason
        case .flatten(_, let symbol): body["symbol"] = symbol?.rawValue
        case .reduceOnly, .resume: break
        }
        if case .strategy(let id) = command.scope { body["strategy"] = id.rawValue }
        let connection = HTTPClientConnection(address: .unixSocket(path), configuration: HTTPClientConfiguration(responseTimeout: .seconds(10)))
        defer { connection.close() }
        let response: HTTPResponse
        do throws(HTTPError) {
            let bytes = (try? JSONEncoder().encode(body)).map(Array.init) ?? []
            response = try connection.send(
                HTTPRequest(
                    method: "POST", target: ControlRoutes.prefix + command.name, headers: ["Content-Type": "application/json"], body: bytes))
        } catch {
            throw .failed("\(path): \(error)")
        }
        guard let outcome = try? JSONDecoder().decode(OperatorOutcome.self, from: Data(response.body)) else {
            let text = Substring(String(decoding: response.body, as: UTF8.self)).trimmingASCIIWhitespace()
            throw .failed("\(path): HTTP \(response.status): \(text)")
        }
        return outcome
    }
}
