import os

from hypothesis import HealthCheck, settings

# A CI-sized profile keeps the whole suite at a few minutes on a 2-core machine;
# HYPOTHESIS_PROFILE=thorough runs the property tests ten times longer.
settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
