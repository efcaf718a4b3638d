// The KineticDynamics reference piles in Box2D v3 (C API), at Box2D's defaults (4 substeps, sleeping on, SSE2
// build), stepped at 1/120 s. Box2D works in metres: 100 pt = 1 m, gravity 10 m/s^2 down (y down, as ours).
// Prints one JSON object like the Python peers: {"engine", "scenes": {name: figures}}.
//
// With --workers N above 1, Box2D runs its tasks on N threads (3.1: the calling one and N - 1 workers of the small
// pool below; 3.2, built with -DBOX2D_32: Box2D's own scheduler, which it starts when no task callbacks are given)
// and the figures are wall-clock time; with one worker they are the thread's CPU time.
// With --whole, it only builds columns1000 and steps it 5 s (the whole-process comparison), printing nothing; with
// --whole-scene large_pyramid, Box2D's pyramid (below) instead, with sleeping on as the pile's, stepped 5 s the same
// way (whole_process.py --scene large_pyramid runs `kinetic simulate` on the same pyramid). With --output-rate N
// (a divisor of 120) after either, it also writes the trajectory to standard output as `kinetic simulate --rate N`
// does — the same JSON layout, ids and units (points, y down, radians clockwise): every body's position, angle and
// velocities at N frames a second, each number the shortest text that reads back as Box2D's float (C++'s
// std::to_chars, shortest_float.cpp), written as the bodies are stepped, as a Box2D program would.
// With --box2d-scenes, it runs Box2D's own benchmark scenes instead (shared/benchmarks.c in Box2D's source, as its
// benchmark/main.c steps them: 1/60 s, 4 substeps, sleeping off, continuous on): large_pyramid (5,050 boxes,
// 500 steps) and many_pyramids (22,000 boxes in 400 pyramids, 200 steps), in Box2D's metres.
//
//   scripts/box2d3-peer.sh                # Box2D v3.1.1 (from the pyb2d3 wheel on PyPI), then this file
//   scripts/box2d32-peer.sh TARBALL       # Box2D 3.2 from its source, SSE2 and AVX2 builds, then this file
//   .build/peers/box2d3_scenes [--workers N] [--repeat N] [--whole] [--whole-scene large_pyramid] [--output-rate N]
//                               [--box2d-scenes]
#define _POSIX_C_SOURCE 200809L
#include <box2d/box2d.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_TASKS 256
#define MAX_WORKERS 16

// ---------------------------------------------------------------------------------------------------------------
// The scenes: the same 64-bit LCG (Knuth's MMIX constants, top 53 bits) and frames as peers/scenes.py.

typedef struct {
    double x, y, w, h;
} Frame;

static double next_random(uint64_t* state) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*state >> 11) / 9007199254740992.0;
}

// 1,000 boxes of 14-22 x 10-16 pt in 25 columns of 24 x 20 pt cells (seed 13): peers/scenes.py column_frames.
static int column_frames(Frame* frames) {
    uint64_t state = 13;
    for (int k = 0; k < 1000; ++k) {
        double w = 14.0 + 8.0 * next_random(&state);
        double h = 10.0 + 6.0 * next_random(&state);
        double cx = (k % 25 + 0.5) * 24.0, cy = (k / 25 + 0.5) * 20.0;
        frames[k] = (Frame){cx - w / 2, cy - h / 2, w, h};
    }
    return 1000;
}

// 1,000 boxes of 10-30 pt in rows with 2 pt gaps across 1,000 pt (seed 1): peers/scenes.py pile_frames.
static int pile_frames(Frame* frames) {
    uint64_t state = 1;
    double x = 2, y = 2, row_height = 0;
    for (int k = 0; k < 1000; ++k) {
        double w = 10.0 + 20.0 * next_random(&state);
        double h = 10.0 + 20.0 * next_random(&state);
        if (x + w + 2 > 1000.0) {
            x = 2;
            y += row_height + 2;
            row_height = 0;
        }
        frames[k] = (Frame){x, y, w, h};
        x += w + 2;
        if (h > row_height) row_height = h;
    }
    return 1000;
}

#if !BOX2D_32
// ---------------------------------------------------------------------------------------------------------------
// A small task pool for Box2D's enqueueTask/finishTask: N - 1 threads take ranges from a queue; the calling thread
// takes queued ranges too while it waits in finishTask. Box2D's solver enqueues one task per worker and expects
// them to run at the same time (the first drives the stages, the others help), which the pool's threads do.

typedef struct {
    b2TaskCallback* callback;
    void* context;
    int start, end;
    int done;  // ranges of this task not yet finished (in the first range's entry only)
    int owner;  // index of the task's first range
} Range;

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t wake, finished;
    Range ranges[MAX_TASKS];
    int head, tail;  // ranges [head, tail) not yet taken
    int count;  // ranges in use
    int workers;
    bool stop;
    pthread_t threads[MAX_WORKERS];
} Pool;

typedef struct {
    Pool* pool;
    uint32_t index;
} WorkerArgs;

static WorkerArgs worker_args[MAX_WORKERS];

static void run_range(Pool* pool, int k, uint32_t worker) {
    Range range = pool->ranges[k];
    pthread_mutex_unlock(&pool->lock);
    range.callback(range.start, range.end, worker, range.context);
    pthread_mutex_lock(&pool->lock);
    pool->ranges[range.owner].done -= 1;
    if (pool->ranges[range.owner].done == 0) pthread_cond_broadcast(&pool->finished);
}

static void* worker_main(void* argument) {
    WorkerArgs* args = argument;
    Pool* pool = args->pool;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stop && pool->head == pool->tail) pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->stop) break;
        run_range(pool, pool->head++, args->index);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

static void* enqueue_task(b2TaskCallback* task, int itemCount, int minRange, void* taskContext, void* userContext) {
    Pool* pool = userContext;
    if (pool->workers == 1) {
        task(0, itemCount, 0, taskContext);
        return NULL;
    }
    // Every task goes to the queue, even a single range: the solver's tasks must run on different threads.
    int chunks = pool->workers;
    if (itemCount / minRange < chunks) chunks = itemCount / minRange;
    if (chunks < 1) chunks = 1;
    pthread_mutex_lock(&pool->lock);
    if (pool->tail + chunks > MAX_TASKS) {
        if (pool->head == pool->tail && pool->count == 0) {
            pool->head = pool->tail = 0;
        } else {
            pthread_mutex_unlock(&pool->lock);
            task(0, itemCount, 0, taskContext);  // queue full: run it here
            return NULL;
        }
    }
    int first = pool->tail;
    for (int c = 0; c < chunks; ++c) {
        Range* range = &pool->ranges[pool->tail++];
        range->callback = task;
        range->context = taskContext;
        range->start = (int)((int64_t)itemCount * c / chunks);
        range->end = (int)((int64_t)itemCount * (c + 1) / chunks);
        range->owner = first;
    }
    pool->ranges[first].done = chunks;
    pool->count += 1;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    return &pool->ranges[first];
}

static void finish_task(void* userTask, void* userContext) {
    if (userTask == NULL) return;
    Pool* pool = userContext;
    Range* task = userTask;
    pthread_mutex_lock(&pool->lock);
    // Help with queued ranges (of any task) until this one is done; the calling thread is worker 0.
    while (task->done > 0) {
        if (pool->head < pool->tail) {
            run_range(pool, pool->head++, 0);
        } else {
            pthread_cond_wait(&pool->finished, &pool->lock);
        }
    }
    pool->count -= 1;
    if (pool->count == 0 && pool->head == pool->tail) pool->head = pool->tail = 0;
    pthread_mutex_unlock(&pool->lock);
}

static void pool_start(Pool* pool, int workers) {
    memset(pool, 0, sizeof *pool);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->finished, NULL);
    pool->workers = workers;
    for (int k = 1; k < workers; ++k) {
        worker_args[k] = (WorkerArgs){pool, (uint32_t)k};
        pthread_create(&pool->threads[k], NULL, worker_main, &worker_args[k]);
    }
}

static void pool_stop(Pool* pool) {
    pthread_mutex_lock(&pool->lock);
    pool->stop = true;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (int k = 1; k < pool->workers; ++k) pthread_join(pool->threads[k], NULL);
}
#endif

// ---------------------------------------------------------------------------------------------------------------

#if !BOX2D_32
static Pool pool;
#endif
static int worker_count = 1;
/// Metres per point: 0.01 (100 pt = 1 m) unless --points-per-metre says otherwise; gravity is 1,000 pt/s^2.
static float SCALE = 0.01f;

/// Box2D's threads: 3.1 takes our pool's callbacks; 3.2 runs its own scheduler when given none.
static void set_workers(b2WorldDef* def) {
    def->workerCount = worker_count;
#if !BOX2D_32
    def->enqueueTask = enqueue_task;
    def->finishTask = finish_task;
    def->userTaskContext = &pool;
#endif
}

static b2WorldId build(bool columns, b2BodyId* bodies, int* count) {
    b2WorldDef def = b2DefaultWorldDef();
    def.gravity = (b2Vec2){0.0f, 1000.0f * SCALE};
    def.enableSleep = true;
    set_workers(&def);
    b2WorldId world = b2CreateWorld(&def);

    float w = (columns ? 600.0f : 1000.0f) * SCALE, h = (columns ? 1200.0f : 800.0f) * SCALE;
    b2BodyDef groundDef = b2DefaultBodyDef();
    b2BodyId ground = b2CreateBody(world, &groundDef);
    b2ShapeDef wallDef = b2DefaultShapeDef();
    wallDef.material.friction = 0.5f;
    b2Vec2 corners[4] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
    for (int k = 0; k < 4; ++k) {
        b2Segment segment = {corners[k], corners[(k + 1) % 4]};
        b2CreateSegmentShape(ground, &wallDef, &segment);
    }

    static Frame frames[1000];
    *count = columns ? column_frames(frames) : pile_frames(frames);
    b2ShapeDef boxDef = b2DefaultShapeDef();
    boxDef.density = 1.0f;
    boxDef.material.friction = 0.5f;
    for (int k = 0; k < *count; ++k) {
        Frame f = frames[k];
        b2BodyDef bodyDef = b2DefaultBodyDef();
        bodyDef.type = b2_dynamicBody;
        bodyDef.position = (b2Vec2){(float)((f.x + f.w / 2) * SCALE), (float)((f.y + f.h / 2) * SCALE)};
        bodies[k] = b2CreateBody(world, &bodyDef);
        b2Polygon box = b2MakeBox((float)(f.w / 2 * SCALE), (float)(f.h / 2 * SCALE));
        b2CreatePolygonShape(bodies[k], &boxDef, &box);
    }
    return world;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(worker_count > 1 ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

typedef struct {
    double first, three, five, later;
    int awake;
    double meanY, maxY;  // the boxes' centres at the end, pt (a check that the peer's pile is ours)
} Figures;

static Figures measure(bool columns, int repeats) {
    static b2BodyId bodies[1000];
    Figures best = {1e300, 1e300, 1e300, 1e300, -1, 0, 0};
    for (int r = 0; r < repeats; ++r) {
        int count;
        b2WorldId world = build(columns, bodies, &count);
        double start = now_ms();
        for (int s = 0; s < 120; ++s) b2World_Step(world, 1.0f / 120.0f, 4);
        double one = now_ms() - start;
        for (int s = 120; s < 360; ++s) b2World_Step(world, 1.0f / 120.0f, 4);
        double three = now_ms() - start;
        for (int s = 360; s < 600; ++s) b2World_Step(world, 1.0f / 120.0f, 4);
        double five = now_ms() - start;
        if (one / 120 < best.first) best.first = one / 120;
        if (three / 360 < best.three) best.three = three / 360;
        if (five / 600 < best.five) best.five = five / 600;
        if ((five - one) / 480 < best.later) best.later = (five - one) / 480;
        best.awake = 0;
        best.meanY = 0;
        best.maxY = 0;
        for (int k = 0; k < count; ++k) {
            best.awake += b2Body_IsAwake(bodies[k]) ? 1 : 0;
            double y = b2Body_GetPosition(bodies[k]).y / SCALE;
            best.meanY += y / count;
            if (y > best.maxY) best.maxY = y;
        }
        b2DestroyWorld(world);
    }
    return best;
}

static void print_figures(const char* name, Figures f, bool last) {
    printf("\"%s\": {\"ms_per_step_1s\": %.6f, \"ms_per_step_3s\": %.6f, \"ms_per_step_5s\": %.6f, "
           "\"ms_per_step_1to5s\": %.6f, \"awake_end\": %d, \"mean_y_end\": %.3f, \"max_y_end\": %.3f}%s",
           name, f.first, f.three, f.five, f.later, f.awake, f.meanY, f.maxY, last ? "" : ", ");
}

static void stop_workers(void) {
#if !BOX2D_32
    pool_stop(&pool);
#endif
}

#if defined(BOX2D_AVX2)
#define BOX2D_LANES " AVX2"
#elif BOX2D_32
#define BOX2D_LANES " SSE2"
#else
#define BOX2D_LANES ""
#endif

// ---------------------------------------------------------------------------------------------------------------
// Box2D's own benchmark scenes (its shared/benchmarks.c, at its sizes), in metres, y up as Box2D draws them.

/// Box2D's pyramid; unless `bodies` is NULL, the ground's id goes to bodies[0] and the 5,050 boxes' after it.
static void large_pyramid_bodies(b2WorldId world, b2BodyId* bodies) {
    b2World_EnableSleeping(world, false);
    int baseCount = 100;
    b2BodyDef groundDef = b2DefaultBodyDef();
    groundDef.position = (b2Vec2){0.0f, -1.0f};
    b2BodyId ground = b2CreateBody(world, &groundDef);
    if (bodies) *bodies++ = ground;
    b2Polygon groundBox = b2MakeBox(100.0f, 1.0f);
    b2ShapeDef groundShape = b2DefaultShapeDef();
    b2CreatePolygonShape(ground, &groundShape, &groundBox);
    b2BodyDef bodyDef = b2DefaultBodyDef();
    bodyDef.type = b2_dynamicBody;
    b2ShapeDef shapeDef = b2DefaultShapeDef();
    shapeDef.density = 1.0f;
    float a = 0.5f;
    b2Polygon box = b2MakeSquare(a);
    for (int i = 0; i < baseCount; ++i) {
        float y = (2.0f * i + 1.0f) * a;
        for (int j = i; j < baseCount; ++j) {
            bodyDef.position = (b2Vec2){(i + 1.0f) * a + 2.0f * (j - i) * a - a * baseCount, y};
            b2BodyId body = b2CreateBody(world, &bodyDef);
            b2CreatePolygonShape(body, &shapeDef, &box);
            if (bodies) *bodies++ = body;
        }
    }
}

static void large_pyramid(b2WorldId world) { large_pyramid_bodies(world, NULL); }

// ---------------------------------------------------------------------------------------------------------------
// --output-rate: the trajectory as JSON, as `kinetic simulate` writes it.

int shortest_float(float value, char* out);
int shortest_double(double value, char* out);

typedef struct {
    char* bytes;
    size_t length, capacity;
} Text;

static void text_room(Text* text, size_t more) {
    if (text->length + more <= text->capacity) return;
    text->capacity = 2 * (text->length + more);
    text->bytes = realloc(text->bytes, text->capacity);
    if (!text->bytes) {
        fprintf(stderr, "box2d3_scenes: out of memory\n");
        exit(71);
    }
}

static void text_append(Text* text, const char* bytes) {
    size_t count = strlen(bytes);
    text_room(text, count);
    memcpy(text->bytes + text->length, bytes, count);
    text->length += count;
}

/// A float as `kinetic simulate` writes numbers: whole ones without a fraction, others in the shortest form.
static void text_number(Text* text, float value) {
    text_room(text, 32);
    if (value == (float)(long long)value && value > -1e15f && value < 1e15f) {
        text->length += (size_t)sprintf(text->bytes + text->length, "%lld", (long long)value);
    } else {
        text->length += (size_t)shortest_float(value, text->bytes + text->length);
    }
}

static void text_flush(Text* text) {
    if (text->length > 0 && fwrite(text->bytes, 1, text->length, stdout) != text->length) {
        fprintf(stderr, "box2d3_scenes: cannot write the trajectory\n");
        exit(74);
    }
    text->length = 0;
}

/// The bodies of a run with output: ids, handles, and how metres map to points (`scale` points a metre, y flipped
/// when Box2D's y is up, as in the pyramid).
typedef struct {
    const char* ids;  // `count` ids of 16 bytes each
    const b2BodyId* bodies;
    int count;
    float scale;
    bool flipY;
} Trajectory;

static void write_frame(Text* text, const Trajectory* run, int index, double time) {
    text_append(text, index == 0 ? "\n{\"t\": " : ",\n{\"t\": ");
    text_room(text, 32);
    if (time == (double)(long long)time) {
        text->length += (size_t)sprintf(text->bytes + text->length, "%lld", (long long)time);
    } else {
        text->length += (size_t)shortest_double(time, text->bytes + text->length);
    }
    text_append(text, ", \"items\": [");
    float flip = run->flipY ? -1.0f : 1.0f;
    for (int k = 0; k < run->count; ++k) {
        b2BodyId body = run->bodies[k];
        b2Vec2 p = b2Body_GetPosition(body);
        float angle = b2Rot_GetAngle(b2Body_GetRotation(body));
        b2Vec2 v = b2Body_GetLinearVelocity(body);
        float w = b2Body_GetAngularVelocity(body);
        text_append(text, k == 0 ? "{\"id\": \"" : ", {\"id\": \"");
        text_append(text, run->ids + 16 * k);
        static const char* keys[6] = {"\", \"x\": ", ", \"y\": ", ", \"angle\": ", ", \"vx\": ", ", \"vy\": ", ", \"w\": "};
        float values[6] = {p.x * run->scale, flip * p.y * run->scale, flip * angle,
                           v.x * run->scale, flip * v.y * run->scale, flip * w};
        for (int n = 0; n < 6; ++n) {
            text_append(text, keys[n]);
            text_number(text, values[n]);
        }
        text_append(text, "}");
    }
    text_append(text, "]}");
    if (text->length >= 1 << 16) text_flush(text);
}

/// Steps `world` 600 times at 1/120 s (4 substeps), writing `rate` frames a second of `run` when `rate` > 0.
static void step_whole(b2WorldId world, const Trajectory* run, int rate) {
    if (rate <= 0) {
        for (int s = 0; s < 600; ++s) b2World_Step(world, 1.0f / 120.0f, 4);
        return;
    }
    Text text = {0};
    int stepsPerFrame = 120 / rate;
    double restedAt = -1;
    char number[32];
    text_append(&text, "{\"rate\": ");
    snprintf(number, sizeof number, "%d", rate);
    text_append(&text, number);
    text_append(&text, ", \"frames\": [");
    write_frame(&text, run, 0, 0);
    for (int s = 1; s <= 600; ++s) {
        b2World_Step(world, 1.0f / 120.0f, 4);
        if (restedAt < 0 && b2World_GetAwakeBodyCount(world) == 0) restedAt = s / 120.0;
        if (s % stepsPerFrame == 0) write_frame(&text, run, s / stepsPerFrame, (double)(s / stepsPerFrame) / rate);
    }
    text_append(&text, "\n], \"restedAt\": ");
    if (restedAt < 0) {
        text_append(&text, "null");
    } else {
        text_room(&text, 32);
        text.length += (size_t)shortest_double(restedAt, text.bytes + text.length);
    }
    text_append(&text, "}\n");
    text_flush(&text);
    free(text.bytes);
}

static void many_pyramids(b2WorldId world) {
    b2World_EnableSleeping(world, false);
    int baseCount = 10, rowCount = 20, columnCount = 20;
    float extent = 0.5f;
    b2BodyDef groundDef = b2DefaultBodyDef();
    b2BodyId ground = b2CreateBody(world, &groundDef);
    float groundDeltaY = 2.0f * extent * (baseCount + 1.0f);
    float groundWidth = 2.0f * extent * columnCount * (baseCount + 1.0f);
    b2ShapeDef groundShape = b2DefaultShapeDef();
    float groundY = 0.0f;
    for (int i = 0; i < rowCount; ++i) {
        b2Segment segment = {{-0.5f * groundWidth, groundY}, {0.5f * groundWidth, groundY}};
        b2CreateSegmentShape(ground, &groundShape, &segment);
        groundY += groundDeltaY;
    }
    float baseWidth = 2.0f * extent * baseCount;
    b2BodyDef bodyDef = b2DefaultBodyDef();
    bodyDef.type = b2_dynamicBody;
    b2ShapeDef shapeDef = b2DefaultShapeDef();
    b2Polygon box = b2MakeSquare(extent);
    for (int row = 0; row < rowCount; ++row) {
        float baseY = row * groundDeltaY;
        for (int column = 0; column < columnCount; ++column) {
            float centerX = -0.5f * groundWidth + column * (baseWidth + 2.0f * extent) + 2.0f * extent;
            for (int i = 0; i < baseCount; ++i) {
                float y = (2.0f * i + 1.0f) * extent + baseY;
                for (int j = i; j < baseCount; ++j) {
                    float x = (i + 1.0f) * extent + 2.0f * (j - i) * extent + centerX - 0.5f;
                    bodyDef.position = (b2Vec2){x, y};
                    b2CreatePolygonShape(b2CreateBody(world, &bodyDef), &shapeDef, &box);
                }
            }
        }
    }
}

/// Builds a Box2D scene and steps it as Box2D's benchmark does; prints its figures: the whole run and per step,
/// milliseconds (CPU time on one worker, wall-clock time on several), the best of `repeats`.
static void box2d_scene(const char* name, void (*create)(b2WorldId), int steps, int repeats, bool last) {
    double best = 1e300;
    int bodies = 0;
    for (int r = 0; r < repeats; ++r) {
        b2WorldDef def = b2DefaultWorldDef();
        set_workers(&def);
        b2WorldId world = b2CreateWorld(&def);
        create(world);
        double start = now_ms();
        for (int s = 0; s < steps; ++s) b2World_Step(world, 1.0f / 60.0f, 4);
        double total = now_ms() - start;
        if (total < best) best = total;
        b2Counters counters = b2World_GetCounters(world);
        bodies = counters.bodyCount;
        b2DestroyWorld(world);
    }
    printf("\"%s\": {\"steps\": %d, \"bodies\": %d, \"ms_total\": %.3f, \"ms_per_step\": %.6f}%s", name, steps,
           bodies, best, best / steps, last ? "" : ", ");
}

int main(int argc, char** argv) {
    int repeats = 1;
    bool whole = false;
    bool wholePyramid = false;
    bool box2dScenes = false;
    int outputRate = 0;
    for (int k = 1; k < argc; ++k) {
        if (strcmp(argv[k], "--workers") == 0 && k + 1 < argc) {
            worker_count = atoi(argv[++k]);
        } else if (strcmp(argv[k], "--repeat") == 0 && k + 1 < argc) {
            repeats = atoi(argv[++k]);
        } else if (strcmp(argv[k], "--points-per-metre") == 0 && k + 1 < argc) {
            SCALE = 1.0f / (float)atof(argv[++k]);
        } else if (strcmp(argv[k], "--whole") == 0) {
            whole = true;
        } else if (strcmp(argv[k], "--whole-scene") == 0 && k + 1 < argc && strcmp(argv[k + 1], "large_pyramid") == 0) {
            wholePyramid = true;
            ++k;
        } else if (strcmp(argv[k], "--box2d-scenes") == 0) {
            box2dScenes = true;
        } else if (strcmp(argv[k], "--output-rate") == 0 && k + 1 < argc) {
            // Whole, with nothing after it; anything else (1e400, nan, 7.5, 99999999999) is refused below.
            char* end;
            long rate = strtol(argv[++k], &end, 10);
            outputRate = (*end == '\0' && end != argv[k] && rate >= 0 && rate <= 120) ? (int)rate : -1;
        } else {
            fprintf(stderr,
                    "usage: box2d3_scenes [--workers N] [--repeat N] [--points-per-metre N] [--whole] "
                    "[--whole-scene large_pyramid] [--output-rate N] [--box2d-scenes]\n");
            return 64;
        }
    }
    if (worker_count < 1 || worker_count > MAX_WORKERS || repeats < 1 || !(SCALE > 0.0f && SCALE < 1.0f)) {
        fprintf(stderr, "box2d3_scenes: --workers is 1...%d, --repeat at least 1, --points-per-metre above 1\n", MAX_WORKERS);
        return 64;
    }
    if (outputRate < 0 || outputRate > 120 || (outputRate > 0 && 120 % outputRate != 0)) {
        fprintf(stderr, "box2d3_scenes: --output-rate is frames a second, a divisor of 120 (1, 2, 3, ..., 60, 120), "
                        "or 0 for no output\n");
        return 64;
    }
#if !BOX2D_32
    pool_start(&pool, worker_count);
#endif
    b2Version v = b2GetVersion();
    if (box2dScenes) {
        printf("{\"engine\": \"Box2D %d.%d.%d%s, %d worker%s\", \"scenes\": {", v.major, v.minor, v.revision,
               BOX2D_LANES, worker_count, worker_count > 1 ? "s" : "");
        box2d_scene("large_pyramid", large_pyramid, 500, repeats, false);
        box2d_scene("many_pyramids", many_pyramids, 200, repeats, true);
        printf("}}\n");
        stop_workers();
        return 0;
    }
    if (wholePyramid) {
        // Box2D's metres and gravity (10 m/s^2, y up): 100 pt a metre and 1,000 pt/s^2 in our scene, y down.
        b2WorldDef def = b2DefaultWorldDef();
        set_workers(&def);
        b2WorldId world = b2CreateWorld(&def);
        // The scene's items: the ground, then the boxes row by row (ids as whole_process.py's scene names them).
        static b2BodyId bodies[5051];
        static char ids[5051 * 16];
        large_pyramid_bodies(world, bodies);
        strcpy(ids, "ground");
        int n = 1;
        for (int i = 0; i < 100; ++i) {
            for (int j = i; j < 100; ++j) snprintf(ids + 16 * n++, 16, "b%d_%d", i, j);
        }
        b2World_EnableSleeping(world, true);
        Trajectory run = {ids, bodies, 5051, 100.0f, true};
        step_whole(world, &run, outputRate);
        b2DestroyWorld(world);
        stop_workers();
        return 0;
    }
    if (whole) {
        static b2BodyId bodies[1000];
        int count;
        b2WorldId world = build(true, bodies, &count);
        static char ids[1000 * 16];
        for (int k = 0; k < count; ++k) snprintf(ids + 16 * k, 16, "b%d", k);
        Trajectory run = {ids, bodies, count, 1.0f / SCALE, false};
        step_whole(world, &run, outputRate);
        b2DestroyWorld(world);
        stop_workers();
        return 0;
    }
    Figures columns = measure(true, repeats);
    Figures pile = measure(false, repeats);
    if (worker_count > 1) {
        printf("{\"engine\": \"Box2D %d.%d.%d, %d workers\", \"scenes\": {", v.major, v.minor, v.revision,
               worker_count);
    } else {
        printf("{\"engine\": \"Box2D %d.%d.%d\", \"scenes\": {", v.major, v.minor, v.revision);
    }
    print_figures("columns1000", columns, false);
    print_figures("pile1000", pile, true);
    printf("}}\n");
    stop_workers();
    return 0;
}
