import NIOCore

/// Counts accepted TCP connections: one instance sits in every child channel's pipeline.
///
/// Installed through Hummingbird's HTTP/1 `additionalChannelHandlers`, which are added while the accepted channel is
/// set up. Whether the channel is already active at that point depends on NIO's bootstrap, so the handler counts on
/// `handlerAdded` when the channel is active and on `channelActive` otherwise, never twice.
final class ConnectionCountingHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any

    private let statistics: ServerStatistics
    private var counted = false

    init(statistics: ServerStatistics) {
        self.statistics = statistics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { countOnce() }
    }

    func channelActive(context: ChannelHandlerContext) {
        countOnce()
        context.fireChannelActive()
    }

    private func countOnce() {
        guard !counted else { return }
        counted = true
        statistics.connectionAccepted()
    }
}
