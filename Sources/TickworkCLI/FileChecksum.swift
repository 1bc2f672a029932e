import CommandLineKit
import COpenSSL
import Glibc

/// SHA-256 of a file's content, as `sha256sum` prints it, through the system OpenSSL.
enum FileChecksum {
    /// The lowercase hexadecimal SHA-256 of the file at `path`, read in 1 MiB blocks; a file
    /// that cannot be read is a failure naming it.
    static func sha256(of path: String) throws(CLIError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .failure("\(path): cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard let context = EVP_MD_CTX_new() else { throw .failure("\(path): cannot start a SHA-256 digest") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { throw .failure("\(path): cannot start a SHA-256 digest") }
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failure("\(path): cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            let updated = block.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, count) }
            guard updated == 1 else { throw .failure("\(path): SHA-256 digest failed") }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else { throw .failure("\(path): SHA-256 digest failed") }
        let hex = Array("0123456789abcdef")
        return String(digest.prefix(Int(length)).flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xf)]] })
    }
}
