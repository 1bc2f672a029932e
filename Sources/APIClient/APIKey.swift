/// An API key or secret. Its description, debug description and reflection never show the key,
/// so it cannot leak into logs, errors or JSON output by accident.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The key's text, for the one place that needs it: the request header.
    public let secret: String

    /// Wraps `secret`.
    public init(_ secret: String) { self.secret = secret }

    public var description: String { "APIKey(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
