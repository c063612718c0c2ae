/* Plays one uniformly random game through craftgames' C ABI and prints its result.
 *
 *   cargo build --release -p craftgames-capi
 *   cc rust/capi/examples/random_game.c -I rust/capi/include -L target/release -lcraftgames \
 *      -Wl,-rpath,"$PWD/target/release" -o random_game
 *   ./random_game [GAME [PLAYERS [SEED]]]      (default: the first game, 3 players, seed 7)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "craftgames.h"

/* Stops with the library's sentence for the last failure. */
static void fail(const char *what) {
    fprintf(stderr, "random_game: %s: %s\n", what, cg_last_error());
    exit(1);
}

/* splitmix64: the example's own random numbers, so it needs nothing but the library. */
static uint64_t next_random(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int main(int argc, char **argv) {
    const char *game = argc > 1 ? argv[1] : cg_game_name(0);
    uint32_t players = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 3;
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 7;
    printf("craftgames %s: %d game(s) in this build\n", cg_version(), cg_num_games());

    CgState *state = cg_new(game, players, seed, NULL, NULL);
    if (state == NULL) fail("cg_new");

    /* An illegal action is refused with a code and a sentence, and changes nothing. */
    if (cg_apply_action(state, (uint32_t)cg_num_distinct_actions(state)) != CG_ERR_ILLEGAL_ACTION)
        fail("an out-of-range action was not refused");
    printf("refused as expected: %s\n", cg_last_error());

    static uint32_t legal[CG_MAX_LEGAL_ACTIONS];
    uint64_t rng = seed;
    int moves = 0;
    while (!cg_is_terminal(state)) {
        int32_t n = cg_legal_actions(state, legal, CG_MAX_LEGAL_ACTIONS);
        if (n <= 0) fail("cg_legal_actions");
        uint32_t action = legal[next_random(&rng) % (uint64_t)n];
        if (moves == 0) {
            char *text = cg_action_to_string(state, action);
            if (text == NULL) fail("cg_action_to_string");
            printf("first move (seat %d): %s\n", cg_current_player(state), text);
            cg_string_free(text);
        }
        if (cg_apply_action(state, action) != CG_OK) fail("cg_apply_action");
        moves++;
    }

    /* The finished game survives a JSON round trip. */
    char *json = cg_to_json(state);
    if (json == NULL) fail("cg_to_json");
    CgState *copy = cg_from_json(json);
    cg_string_free(json);
    if (copy == NULL) fail("cg_from_json");

    double returns[CG_MAX_PLAYERS];
    int32_t seats = cg_returns(copy, returns, CG_MAX_PLAYERS);
    if (seats < 0) fail("cg_returns");
    printf("%s, %" PRIu32 " players, seed %" PRIu64 ": %d moves\n", game, players, seed, moves);
    for (int32_t s = 0; s < seats; s++) printf("  seat %d: %.0f points\n", s, returns[s]);
    cg_free(copy);
    cg_free(state);
    return 0;
}
