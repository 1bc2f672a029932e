import Glibc
import HTTP
import Lifecycle

/// The operator's control socket: `ControlRoutes` spoken as HTTP over a Unix-domain socket
/// (`curl --unix-socket PATH -X POST http://localhost/api/control/halt`).
///
/// Whoever may open the socket may control the daemon, so it is made mode 0660, group
/// `tickwork` when that group exists; who connects is told by the kernel (`SO_PEERCRED`) and
/// logged with each request. A socket file left by a daemon that died is replaced; one another
/// daemon still answers on is refused (`MonitorError.controlSocket`). On stop it removes
/// the socket file, if the file is still its own.
public final class ControlServer: Service, Sendable {
    /// The socket's path.
    public let path: String
    private let server: HTTPServer
    /// The socket file's device and inode, to remove only our own.
    private let identity: (dev: UInt64, ino: UInt64)?

    /// The group that may use the socket besides its owner, when it exists.
    public static let groupName = "tickwork"

    /// Binds `path` (creating its directory, mode 0750, when missing) and serves `routes` on it.
    public init(path: String, routes: ControlRoutes) throws(MonitorError) {
        self.path = path
        try Self.prepare(path)
        let configuration = HTTPServerConfiguration(address: .unixSocket(path), headerTimeout: .seconds(5), maxConnections: 64)
        do throws(HTTPError) {
            server = try HTTPServer(configuration: configuration) { request in
                guard ControlRoutes.isControl(request) else {
                    return HTTPResponse(status: 404, contentType: "text/plain; charset=utf-8", text: "only /api/control/... here\n")
                }
                return routes.respond(to: request, who: request.peer?.description ?? "unknown local peer")
            }
        } catch {
            throw .controlSocket(path, "\(error)")
        }
        _ = chmod(path, 0o660)
        if let group = getgrnam(Self.groupName) { _ = chown(path, uid_t.max, group.pointee.gr_gid) }
        var info = stat()
        identity = stat(path, &info) == 0 ? (UInt64(info.st_dev), UInt64(info.st_ino)) : nil
    }

    public func run() async {
        await server.run()
        removeSocketFile()
    }

    /// Closes the socket and every connection and removes the socket file.
    public func stop() {
        server.stop()
        removeSocketFile()
    }

    private func removeSocketFile() {
        var info = stat()
        guard let identity, stat(path, &info) == 0, UInt64(info.st_dev) == identity.dev, UInt64(info.st_ino) == identity.ino else { return }
        unlink(path)
    }

    /// Makes `path` free to bind: its directory made when missing, a dead daemon's socket file
    /// removed; throws when a live daemon answers there or the path is not a socket.
    private static func prepare(_ path: String) throws(MonitorError) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !directory.isEmpty { _ = mkdir(directory, 0o750) }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .controlSocket(path, "it exists and is not a socket") }
        if ControlClient.answers(path) { throw .controlSocket(path, "another daemon answers on it") }
        unlink(path)
    }
}
