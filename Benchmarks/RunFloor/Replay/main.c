// mamconf-floor: the fastest integration the runner can drive. It does no SDK work at all: it answers each
// request at once with what the reference integration answered for the same case (recorded by
// record_adapter.py), after the events and questions the reference sent before that answer. A run against it
// costs process starts, protocol round trips, the runner's own work and the backend; that is the floor the
// benchmark sets a real run beside.
//
// usage: mamconf-floor RECORDINGS [--fork-server]
// With --fork-server it serves mamconf's fork-server launch (CForkServer) as the reference does, so the floor of
// a run that forks the reference's cases forks its own the same way: the two then differ only in the SDK's work.
// Protocol lines are compact JSON with sorted keys (mamconf writes them so), which is what lets this program
// find "id" and "method" without a JSON parser.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "CForkServer.h"

static char **recorded;      // the integration's lines of the session, in order
static size_t recordedCount, cursor;

static const char *methodMark = "\"jsonrpc\":\"2.0\",\"method\":";

// The id value of a message ("id":VALUE,"jsonrpc"), copied into `out`; 0 when there is none.
static int messageId(const char *line, char *out, size_t size) {
    const char *rpc = strstr(line, ",\"jsonrpc\":\"2.0\"");
    if (!rpc) return 0;
    const char *start = rpc;
    while (start > line && strncmp(start, "\"id\":", 5) != 0) start--;
    if (strncmp(start, "\"id\":", 5) != 0) return 0;
    start += 5;
    size_t length = (size_t)(rpc - start);
    if (length + 1 > size) return 0;
    memcpy(out, start, length);
    out[length] = 0;
    return 1;
}

static int isResponse(const char *line) {
    return !strstr(line, methodMark) && (strstr(line, "\"result\":") || strstr(line, "\"error\":"));
}

// Reads RECORDINGS/<suite>__<case>.<session>.jsonl for the data directory `initialize` names.
static void load(const char *directory, const char *initialize) {
    const char *mark = strstr(initialize, "\"dataDir\":\"");
    if (!mark) { fprintf(stderr, "mamconf-floor: initialize names no dataDir\n"); exit(3); }
    mark += strlen("\"dataDir\":\"");
    const char *end = strchr(mark, '"');
    char dataDir[4096];
    snprintf(dataDir, sizeof dataDir, "%.*s", (int)(end - mark), mark);
    char *caseName = strrchr(dataDir, '/');
    *caseName++ = 0;
    char *suiteName = strrchr(dataDir, '/') + 1;

    // A relaunch within one case starts a second session: count them in the case's data directory.
    char counterPath[4200];
    snprintf(counterPath, sizeof counterPath, "%s/%s/.floor-session", dataDir, caseName);
    int session = 1;
    FILE *counter = fopen(counterPath, "r");
    if (counter) { if (fscanf(counter, "%d", &session) == 1) session += 1; fclose(counter); }
    counter = fopen(counterPath, "w");
    if (counter) { fprintf(counter, "%d", session); fclose(counter); }

    char path[8400];
    snprintf(path, sizeof path, "%s/%s__%s.%d.jsonl", directory, suiteName, caseName, session);
    FILE *file = fopen(path, "r");
    if (!file) { fprintf(stderr, "mamconf-floor: no recording %s\n", path); exit(3); }
    char *line = NULL;
    size_t capacity = 0;
    size_t allocated = 0;
    while (getline(&line, &capacity, file) > 0) {
        if (strncmp(line, "< ", 2) != 0) continue;
        if (recordedCount == allocated) {
            allocated = allocated ? allocated * 2 : 64;
            recorded = realloc(recorded, allocated * sizeof *recorded);
        }
        recorded[recordedCount++] = strdup(line + 2);
    }
    free(line);
    fclose(file);
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[2], "--fork-server") != 0)) {
        fprintf(stderr, "usage: mamconf-floor RECORDINGS [--fork-server]\n");
        return 2;
    }
    if (argc == 3) {
        // Returns 0 in each case's child, with the case's stdio; the server itself ends when mamconf closes the socket.
        switch (mamconf_fork_server_run(STDIN_FILENO)) {
        case 0: break;
        case 1: return 0;
        default: perror("mamconf-floor: --fork-server"); return 1;
        }
    }
    char *line = NULL;
    size_t capacity = 0;
    int loaded = 0;
    while (getline(&line, &capacity, stdin) > 0) {
        char id[64];
        // Only requests are answered; the runner's answers to questions need nothing back.
        if (!strstr(line, methodMark) || !messageId(line, id, sizeof id)) continue;
        if (!loaded) { load(argv[1], line); loaded = 1; }
        while (cursor < recordedCount) {
            const char *next = recorded[cursor++];
            if (!isResponse(next)) { fputs(next, stdout); continue; }
            // The recorded answer, under this request's id.
            char recordedId[64];
            if (!messageId(next, recordedId, sizeof recordedId)) { fputs(next, stdout); break; }
            const char *idAt = strstr(next, "\"id\":");
            while (idAt && strncmp(idAt + 5 + strlen(recordedId), ",\"jsonrpc\"", 10) != 0) idAt = strstr(idAt + 1, "\"id\":");
            if (!idAt) { fputs(next, stdout); break; }
            fwrite(next, 1, (size_t)(idAt - next) + 5, stdout);
            fputs(id, stdout);
            fputs(idAt + 5 + strlen(recordedId), stdout);
            break;
        }
        fflush(stdout);
    }
    free(line);
    return 0;
}
