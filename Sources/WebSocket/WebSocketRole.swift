/// Which end of a connection a codec serves: a client masks what it sends and refuses masked
/// frames; a server sends unmasked frames and refuses unmasked ones (RFC 6455, 5.1).
public enum WebSocketRole: Sendable {
    case client
    case server
}
