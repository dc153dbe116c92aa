"""Train sb3-contrib's MaskablePPO on one seat of a 4-player Democracy table against three heuristic bots."""
from sb3_contrib import MaskablePPO

from hustings.training.selfplay import SelfPlayEnv

env = SelfPlayEnv("democracy", num_players=4, scripted={"heuristic": 1.0})  # opponents: SPEC -> weight
model = MaskablePPO("MlpPolicy", env, seed=0, verbose=0)  # MaskablePPO asks env.action_masks() each step
model.learn(total_timesteps=20_000)
model.save("democracy_ppo")  # democracy_ppo.zip: a SPEC for hustings evaluate / benchmark / play

obs, info = env.reset(seed=1)  # one game with the trained policy, greedy
done = False
while not done:
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    obs, reward, terminated, truncated, info = env.step(action)
    done = terminated or truncated
print(f"seat {info['seat']}, win share {info['win_share']}, scores {info['scores']}")
