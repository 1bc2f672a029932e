/// The checker's answer to one order request.
public enum RiskDecision: Hashable, Sendable {
    /// The order may be sent.
    case approved(ApprovedOrder)
    /// The order is refused.
    case denied(RiskDenial)
}
