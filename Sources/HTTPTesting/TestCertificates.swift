import Foundation

/// A certificate authority and the server certificates a test needs, made by the `openssl`
/// command in a temporary directory of their own, which `remove()` deletes.
///
/// Keys are ECDSA P-256 (fast to make) and certificates are valid for two days.
public final class TestCertificates: Sendable {
    /// A server certificate and its private key, as PEM file paths.
    public struct Identity: Sendable {
        public var certificateFile: String
        public var keyFile: String

        /// The certificate and key in these PEM files.
        public init(certificateFile: String, keyFile: String) {
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// What went wrong making a certificate.
    public enum Failure: Error, CustomStringConvertible {
        /// The `openssl` command failed (its arguments and what it printed on stderr).
        case openssl([String], String)

        public var description: String {
            switch self {
            case let .openssl(arguments, output): "openssl \(arguments.joined(separator: " ")) failed: \(output)"
            }
        }
    }

    /// The directory holding every file.
    public let directory: String
    /// The authority's certificate (PEM), for a client to trust.
    public let caFile: String
    private let caKey: String

    /// Makes the authority in a new temporary directory.
    public init() throws {
        directory = NSTemporaryDirectory() + "tickwork-tls-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        caFile = directory + "/ca.pem"
        caKey = directory + "/ca.key"
        try Self.openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", caKey, "-out", caFile,
            "-days", "2", "-subj", "/CN=Tickwork Test CA", "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
    }

    /// A certificate signed by the authority (or by itself, `selfSigned`) for `names`: DNS names
    /// and IP addresses, e.g. `["IP:127.0.0.1", "DNS:localhost"]`.
    public func issue(_ label: String, names: [String], selfSigned: Bool = false) throws -> Identity {
        let identity = Identity(certificateFile: "\(directory)/\(label).pem", keyFile: "\(directory)/\(label).key")
        let extensions = "\(directory)/\(label).ext"
        try Data("basicConstraints=CA:FALSE\nsubjectAltName=\(names.joined(separator: ","))\n".utf8).write(to: URL(fileURLWithPath: extensions))
        let request = "\(directory)/\(label).csr"
        try Self.openssl([
            "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", identity.keyFile,
            "-out", request, "-subj", "/CN=\(label)",
        ])
        let signer = selfSigned ? ["-signkey", identity.keyFile] : ["-CA", caFile, "-CAkey", caKey, "-set_serial", "\(UInt32.random(in: 1...UInt32.max))"]
        try Self.openssl(["x509", "-req", "-in", request, "-out", identity.certificateFile, "-days", "2", "-extfile", extensions] + signer)
        return identity
    }

    /// Deletes the directory and every file in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure.openssl(arguments, String(decoding: output, as: UTF8.self)) }
    }
}
