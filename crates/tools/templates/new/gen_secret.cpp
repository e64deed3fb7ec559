// Generator: the secret number, from 1 to 1000, drawn from a seed: gen --seed SEED.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

int main(int argc, char** argv) {
    unsigned long long seed = 0;
    for (int i = 1; i + 1 < argc; ++i)
        if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(argv[i + 1], nullptr, 10);
    std::mt19937_64 rng(seed);
    std::printf("%llu\n", 1 + rng() % 1000);
}
