"""For engine developers: the fuzzer, bug capsules, and the effects reference rendered from the code."""
