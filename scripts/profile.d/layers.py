"""Splits `perf script -F ip,sym,dso` samples (demangled, one frame per line, leaf first) into the layers a cached page passes
through: each sample goes to the innermost frame that names a layer. Prints percent of all samples per layer."""
import collections
import sys

# (layer, substrings of a frame); the first layer found walking from the leaf towards the root wins.
SYSCALLS = "kernel: system calls (TCP send and receive over loopback, epoll, futex)"
KERNEL_OTHER = "kernel: scheduler, interrupts, page faults"
LAYERS = [
    ("the app: CachedPageResponder (lookup, validators, encoding choice)", ["CachedPageResponder", "PageCache"]),
    ("NIO HTTP/1 request parsing (llhttp, HTTPDecoder)", ["llhttp", "HTTPDecoder", "BetterHTTPParser",
                                                          "ByteToMessageHandler", "HTTP1ToHTTPServerCodec.channelRead"]),
    ("NIO HTTP/1 response encoding (head, headers)", ["HTTPResponseEncoder", "HTTP1ToHTTPServerCodec.write",
                                                      "write(headers:)", "correctlyFrameTransportHeaders"]),
    ("Hummingbird per request (request id, logger, task-local, context, Date header)",
     ["Application", "HTTPChannelHandler", "withLogger", "Logger", "DateCache", "RequestID", "ResponseWriter"]),
    ("NIO async channel bridge (inbound stream, outbound writer)", ["NIOAsyncChannel", "NIOAsyncWriter",
                                                                     "NIOThrowingAsyncSequenceProducer",
                                                                     "NIOAsyncSequenceProducer"]),
    ("NIO channel pipeline and event loop", ["ChannelHandlerContext", "ChannelPipeline", "SelectableEventLoop",
                                             "BaseSocketChannel", "BaseStreamSocketChannel", "PendingWrites"]),
    ("Swift concurrency scheduling (task switches, executors)", ["swift_job_run", "swift_task", "AsyncTask",
                                                                 "runJobInEstablishedExecutorContext", "_dispatch"]),
]


def samples(lines):
    frames = []
    for line in lines:
        line = line.rstrip("\n")
        if not line.strip():
            if frames:
                yield frames
                frames = []
        elif line[:1] in (" ", "\t"):
            frames.append(line.strip())
    if frames:
        yield frames


def main():
    counts = collections.Counter()
    total = 0
    for frames in samples(sys.stdin):
        total += 1
        layer = "other (allocation, reference counting and runtime outside the layers above)"
        if any("do_syscall_64" in frame for frame in frames):
            counts[SYSCALLS] += 1
            continue
        if "kernel.kallsyms" in frames[0]:
            counts[KERNEL_OTHER] += 1
            continue
        for frame in frames:
            found = next((name for name, marks in LAYERS if any(mark in frame for mark in marks)), None)
            if found:
                layer = found
                break
        counts[layer] += 1
    print(f"| layer (innermost match, {total} samples) | share of server CPU |")
    print("| --- | ---: |")
    for layer, count in counts.most_common():
        print(f"| {layer} | {count / total * 100:.1f} % |")


if __name__ == "__main__":
    main()
