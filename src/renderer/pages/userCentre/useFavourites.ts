import { useCallback, useEffect, useState } from 'react'
import { favouriteCreate, favouriteDelete, favouriteList, type Favourite } from '../../../shared/contract/platform/userCentre/favourites'
import { callHub } from '../../api/hub'

/** The signed-in user's favourites and the three calls on them; failures toast (hub client). */
export function useFavourites() {
  const [items, setItems] = useState<Favourite[]>([])
  const [loading, setLoading] = useState(true)
  const reload = useCallback(async () => {
    setLoading(true)
    const r = await callHub(favouriteList)
    setLoading(false)
    if (r.ok) setItems(r.data)
  }, [])
  useEffect(() => void reload(), [reload])

  const add = async (menuId: string): Promise<boolean> => {
    const r = await callHub(favouriteCreate, { menuId })
    if (r.ok) setItems((list) => [r.data, ...list])
    return r.ok
  }
  const remove = async (id: string): Promise<boolean> => {
    const r = await callHub(favouriteDelete, { id })
    // Already gone (another window): the list shows what the hub has.
    if (r.ok || r.code === '4040') setItems((list) => list.filter((f) => f.id !== id))
    return r.ok
  }
  return { items, loading, add, remove, reload }
}
