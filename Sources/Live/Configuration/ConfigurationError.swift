/// Why a configuration was refused: one line naming the file, the key path and the problem,
/// e.g. `config/tickwork.json: risk.maxPosition: expected a positive integer, got -5`.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration file.
    public var file: String
    /// The dotted key path at fault (`strategies[0].plugin`); empty for the whole file.
    public var keyPath: String
    /// What is wrong, and with what value.
    public var message: String

    public init(file: String, keyPath: String, message: String) {
        self.file = file
        self.keyPath = keyPath
        self.message = message
    }

    public var description: String {
        keyPath.isEmpty ? "\(file): \(message)" : "\(file): \(keyPath): \(message)"
    }
}
